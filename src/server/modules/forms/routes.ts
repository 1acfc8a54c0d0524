/**
 * The forms module's routes: a form's versions as anyone reads them, the studio (staff's list, checks, publishing and
 * four-eyes decisions), the studio's drafts, and a person's drafts of long forms.
 */
import type { FastifyInstance } from 'fastify';
import formVersionRoutes from './routes/versions';
import formStudioRoutes from './routes/studio';
import formDraftRoutes from './routes/drafts';
import personDraftRoutes from './routes/person-drafts';

export default async function formRoutes(app: FastifyInstance): Promise<void> {
  await app.register(personDraftRoutes);
  await app.register(formStudioRoutes);
  await app.register(formVersionRoutes);
  await app.register(formDraftRoutes);
}
