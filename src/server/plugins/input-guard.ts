/**
 * The shared input rule (src/shared/validation/safe-input.ts) for every route: a body, query string or path
 * parameter with a NUL character or a lone surrogate, nesting past the limit, or too many values is refused with a
 * 400 before the schema is checked and long before anything reaches SQL. It runs after authentication (`onRequest`),
 * so an anonymous caller cannot make a protected route do any work. A route whose documents are larger by nature (a
 * form's words: one key per text) widens the limits it needs in its config (`inputLimits`).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { INPUT_LIMITS, unsafeInputErrors, type InputLimits } from '../../shared/validation/safe-input';
import { AppError, VALIDATION_MESSAGE } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Wider limits of the input's shape for this route (the others stay the shared ones). */
    inputLimits?: Partial<InputLimits>;
  }
}

const PARTS = [
  ['body', 'form'],
  ['query', 'query string'],
  ['params', 'path'],
] as const;

async function inputGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    const own = request.routeOptions.config.inputLimits;
    const limits = own ? { ...INPUT_LIMITS, ...own } : INPUT_LIMITS;
    for (const [part, where] of PARTS) {
      const value = request[part];
      if (value === undefined || value === null) continue;
      const errors = unsafeInputErrors(value, '', limits);
      if (errors.length === 0) continue;
      const message =
        part === 'body'
          ? VALIDATION_MESSAGE
          : `The address is not valid (${where}, ${errors.map((e) => e.path.slice(1) || 'value').join(', ')}): ${errors[0]!.message}`;
      throw new AppError(400, message, errors);
    }
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard' });
