/**
 * One error handler for every route: schema failures become 400 `{ message, errors: [{ path, message }] }` with the
 * schema's messages; domain errors (`AppError`) keep their status and message; a database that cannot be reached
 * (stopped, restarting, failing over, not answering in time) is 503 with Retry-After, so clients and load balancers
 * try again instead of reading it as a fault; a pool with no connection free in time (the database up, this process
 * busy) is the load-shedding 503, "busy"; anything else is a 5xx, logged with its request id and answered without
 * internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, databaseUnavailable, overloaded, VALIDATION_MESSAGE } from '../errors';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/unavailable';
import { normalizeErrors, type FieldError, type RawAjvError } from '../../shared/validation/errors';
import { INPUT_LIMITS } from '../../shared/validation/safe-input';
import type { FormFieldNames } from './forms';
import { localizeErrors } from '../../shared/i18n/form-words';
import { validationMessage } from '../../shared/i18n/messages';

/**
 * At most `INPUT_LIMITS.maxErrors` field errors in one answer (a person fixes the first ones first; a program gets
 * the count of the rest), so no answer grows with the size of a bad request.
 */
export function cappedErrors(message: string, errors: FieldError[]) {
  const max = INPUT_LIMITS.maxErrors;
  if (errors.length <= max) return { message, errors };
  const rest = errors.length - max;
  return { message: `${message} (${max} of ${errors.length} problems shown)`, errors: errors.slice(0, max), errorsNotShown: rest };
}

/** While the database is down every request fails the same way: one log line a second says so, not one per request. */
const UNAVAILABLE_LOG_EVERY_MS = 1_000;

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  let unavailableLogged = 0;
  let busyLogged = 0;
  const busy = (request: FastifyRequest): AppError => {
    const now = Date.now();
    if (now - busyLogged >= UNAVAILABLE_LOG_EVERY_MS) {
      busyLogged = now;
      request.log.warn({ reqId: request.id, pool: app.database.poolStats() }, 'no database connection came free in time: answering 503 busy (DB_POOL_SIZE, DB_CONNECT_TIMEOUT_MS)');
    }
    return overloaded();
  };
  // Also what a commit whose answer was lost with its connection throws: the request may or may not be saved, so its
  // answer is a 503 to retry, never a 2xx.
  const unavailable = (request: FastifyRequest, error: Error): AppError => {
    const now = Date.now();
    if (now - unavailableLogged >= UNAVAILABLE_LOG_EVERY_MS) {
      unavailableLogged = now;
      request.log.warn({ reqId: request.id, reason: error.message }, 'the database cannot be reached: answering 503');
    }
    return databaseUnavailable();
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      // A form body carries its version's field names (plugins/forms.ts); other bodies use every schema's.
      const names = (error as { fieldNames?: FormFieldNames }).fieldNames;
      const raw = normalizeErrors(error.validation as unknown as RawAjvError[], names?.declared ?? app.declaredFieldNames, names?.retired);
      // A form's messages in the request's language (its version's words); the same fields in every language.
      const errors = localizeErrors(raw, names?.translations, request.language);
      if (error.validationContext && error.validationContext !== 'body') {
        const shown = errors.slice(0, INPUT_LIMITS.maxErrors);
        // Bengali names the parameter (the API's own name) and says its problem; English keeps its one line.
        const summary =
          request.language === 'bn'
            ? `অনুরোধটি সঠিক নয়: ${shown.map((e) => `${e.path.slice(1) || 'মান'}: ${e.message}`).join('; ')}`
            : `Invalid ${error.validationContext}: ${shown.map((e) => `${e.path.slice(1) || 'value'} ${e.message.toLowerCase()}`).join('; ')}`;
        return reply.status(400).send(cappedErrors(summary, errors));
      }
      return reply.status(400).send(cappedErrors(validationMessage(request.language) ?? VALIDATION_MESSAGE, errors));
    }
    // (A client error of Fastify's own, such as a body cut off by the client, is not the database's.)
    const serverSide = !(error instanceof AppError) && (error.statusCode ?? 500) >= 500;
    const known =
      error instanceof AppError
        ? error
        : serverSide && isPoolExhausted(error)
          ? busy(request)
          : serverSide && isDatabaseUnavailable(error)
            ? unavailable(request, error)
            : undefined;
    if (known) {
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.statusCode).send(known.errors ? cappedErrors(known.message, known.errors) : { message: known.message });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify asks to close the connection; closing while the client is still sending resets it and the client
      // never reads this answer. Keep the connection: Node reads the rest of the body and discards it.
      reply.removeHeader('connection');
    }
    if (status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type, rate limit.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large. Images must be at most 5 MB each.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request as JSON (Content-Type: application/json).'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty: send the form as JSON.'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(status).send({
      message: 'Something went wrong on our side. Please try again in a moment.',
      requestId: request.id,
    });
  });
}

export default fp(errorsPlugin, { name: 'errors', dependencies: ['forms'] });
