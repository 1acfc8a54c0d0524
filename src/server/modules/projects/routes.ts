/**
 * The projects module's routes, in four parts: projects (an owner's submission and edits, the public list, closing a
 * campaign), staff's review, the Shariah review, and the platform's and a person's figures.
 */
import type { FastifyInstance } from 'fastify';
import projectRoutes from './routes/projects';
import staffProjectRoutes from './routes/staff';
import figureRoutes from './routes/figures';
import shariahReviewRoutes from './routes/shariah';

export default async function projectModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(projectRoutes);
  await app.register(staffProjectRoutes);
  await app.register(shariahReviewRoutes);
  await app.register(figureRoutes);
}
