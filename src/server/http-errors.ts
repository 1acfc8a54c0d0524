/**
 * Answers for requests refused by the HTTP layer before any route runs, in the same shape as every other answer
 * (`{ message }` in JSON, with a sentence a person can read): headers or an address too long (431/414), an address
 * that cannot be decoded (400), a path segment longer than any id (404), a request that is not HTTP (400).
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';

/** The longest address (path and query) the API reads; longer ones are 414 before routing. */
export const MAX_URL_LENGTH = 8 * 1024;

export const URL_TOO_LONG = `The address is too long (over ${MAX_URL_LENGTH / 1024} kB). Shorten the link or the search and try again.`;
const HEADERS_TOO_LARGE = 'The request headers are too large (a cookie or a header is too long). Clear them and try again.';
const BAD_REQUEST = 'The request could not be read: it is not a valid HTTP request.';
const TIMEOUT = 'The request took too long to arrive. Please try again.';

/** Fastify's `frameworkErrors`: router failures, answered like any other 4xx. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // No id of ours is that long, so there is nothing there.
    return reply.status(404).send({ message: 'This record was not found.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: 'The address is not valid: it cannot be decoded.' });
  return reply.status(400).send({ message: BAD_REQUEST });
};

function rawAnswer(socket: Socket, status: number, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ message });
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Node's `clientError`: a request the HTTP parser refused. Headers past Node's limit (16 kB) are 431, unless the
 * request line itself is what is too long: then it is the address, 414.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const lineEnd = raw ? raw.indexOf('\r\n') : -1;
    const urlTooLong = raw !== undefined && (lineEnd === -1 || lineEnd > MAX_URL_LENGTH);
    rawAnswer(socket, urlTooLong ? 414 : 431, urlTooLong ? URL_TOO_LONG : HEADERS_TOO_LARGE);
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    rawAnswer(socket, 408, TIMEOUT);
  } else {
    rawAnswer(socket, 400, BAD_REQUEST);
  }
  socket.destroy(error);
}
