/** The identity module's routes: a person's profile and verification, staff's verification queue, and staff's people. */
import type { FastifyInstance } from 'fastify';
import profileRoutes from './routes/profile';
import staffVerificationRoutes from './routes/verifications';
import staffPeopleRoutes from './routes/people';

export default async function identityRoutes(app: FastifyInstance): Promise<void> {
  await app.register(profileRoutes);
  await app.register(staffVerificationRoutes);
  await app.register(staffPeopleRoutes);
}
