/**
 * The accounts module's routes: the auth API of spec section 7 (same paths and payloads) and what people need beyond
 * it: signing up and the phone's code, signing in and the forgotten password, and the signed-in person's account (the
 * password changed, sign-out, "who am I", their language). Every body is checked by the shared schemas first.
 */
import type { FastifyInstance } from 'fastify';
import signUpRoutes from './routes/sign-up';
import signInRoutes from './routes/sign-in';
import accountRoutes from './routes/account';

export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signUpRoutes);
  await app.register(signInRoutes);
  await app.register(accountRoutes);
}
