/**
 * The simulated people's HTTP client, playing the load balancer in front of the server processes: each request goes
 * to the next process in turn (so a session made on one is used on the others) and says whose it is in
 * X-Forwarded-For, as a balancer does (the servers run with TRUST_PROXY=1, as the README asks behind one). Rate
 * limits then count each person's requests, as in production, instead of the whole crowd's from one loopback
 * address. Every answer is timed and recorded by kind; one whose status the request did not expect is recorded as
 * unexpected (a 429 apart).
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import type { Recorder } from './recorder';

const unbrotli = promisify(brotliDecompress);
const ungzip = promisify(gunzip);

/** A request given up after this long counts as unanswered. */
const ANSWER_TIMEOUT_MS = 30_000;

export interface Call {
  /** The kind of request, as reported: e.g. "POST sign-up". */
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path from the site's root: `/api/v1/…` or a page. */
  path: string;
  /** The person's address (X-Forwarded-For). */
  address: string;
  token?: string;
  /** More request headers (e.g. a receipt's key). */
  headers?: Record<string, string>;
  body?: unknown;
  /** Statuses this request is meant to get (default 200). */
  expect?: readonly number[];
}

export interface Reply {
  status: number;
  /** True when the status was one of `expect`. */
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The body, decompressed. */
  text: string;
}

export class LoadClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: ANSWER_TIMEOUT_MS });
  private next = 0;

  constructor(
    private readonly bases: readonly string[],
    private readonly recorder: Recorder,
  ) {}

  /** Sends the call to the next process and records the answer; never throws (no answer is status 0). */
  async send(call: Call): Promise<Reply> {
    const base = this.bases[this.next++ % this.bases.length]!;
    const expect = call.expect ?? [200];
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {
      'x-forwarded-for': call.address,
      // What a browser accepts: the servers compress pages and larger API answers, as they would for a person.
      'accept-encoding': 'br, gzip',
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...call.headers,
      ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
    };
    const started = performance.now();
    let reply: Reply;
    try {
      const raw = await this.exchange(`${base}${call.path}`, call.method, headers, payload);
      const ms = performance.now() - started;
      const text = (await decode(raw.body, raw.headers['content-encoding'])).toString();
      reply = { status: raw.status, ok: expect.includes(raw.status), headers: raw.headers, text };
      this.recorder.answer(call.kind, ms, raw.status, reply.ok, () => `${call.method} ${call.path} → ${raw.status}: ${text.slice(0, 300)}`);
    } catch (err) {
      const ms = performance.now() - started;
      this.recorder.answer(call.kind, ms, 0, false, () => `${call.method} ${call.path}: ${(err as Error).message}`);
      reply = { status: 0, ok: false, headers: {}, text: '' };
    }
    return reply;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  private exchange(url: string, method: string, headers: Record<string, string>, payload: string | undefined) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}

async function decode(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  if (encoding === 'br') return unbrotli(body);
  if (encoding === 'gzip') return ungzip(body);
  return body;
}

/** The JSON of a reply that was expected (an object; `{}` when it was not expected or is not JSON). */
export function json(reply: Reply): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers
  if (!reply.ok) return {};
  try {
    return JSON.parse(reply.text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers
  } catch {
    return {};
  }
}
