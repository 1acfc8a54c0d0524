/**
 * The projects module's routes, in three parts: projects (an owner's submission and edits, the public list, closing a
 * campaign), staff's review, and the platform's and a person's figures.
 */
import type { FastifyInstance } from 'fastify';
import projectRoutes from './routes/projects';
import staffProjectRoutes from './routes/staff';
import figureRoutes from './routes/figures';

export default async function projectModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(projectRoutes);
  await app.register(staffProjectRoutes);
  await app.register(figureRoutes);
}
