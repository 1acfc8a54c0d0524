/**
 * The shared input rule (src/shared/validation/safe-input.ts) for every route: a body, query string or path
 * parameter with a NUL character or a lone surrogate, nesting past the limit, or too many values is refused with a
 * 400 before the schema is checked and long before anything reaches SQL. It runs after authentication (`onRequest`),
 * so an anonymous caller cannot make a protected route do any work.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { unsafeInputErrors } from '../../shared/validation/safe-input';
import { AppError, VALIDATION_MESSAGE } from '../errors';

const PARTS = [
  ['body', 'form'],
  ['query', 'query string'],
  ['params', 'path'],
] as const;

async function inputGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    for (const [part, where] of PARTS) {
      const value = request[part];
      if (value === undefined || value === null) continue;
      const errors = unsafeInputErrors(value);
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
