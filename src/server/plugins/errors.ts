/**
 * One error handler for every route: schema failures become 400 `{ message, errors: [{ path, message }] }` with the
 * schema's messages; domain errors (`AppError`) keep their status and message; anything else is a 5xx, logged with
 * its request id and answered without internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../errors';
import { normalizeErrors, type RawAjvError } from '../../shared/validation/errors';

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const errors = normalizeErrors(error.validation as unknown as RawAjvError[], app.declaredFieldNames);
      if (error.validationContext && error.validationContext !== 'body') {
        return reply.status(400).send({
          message: `Invalid ${error.validationContext}: ${errors.map((e) => `${e.path.slice(1) || 'value'} ${e.message.toLowerCase()}`).join('; ')}`,
          errors,
        });
      }
      return reply.status(400).send({ message: VALIDATION_MESSAGE, errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
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
