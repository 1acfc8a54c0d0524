/**
 * The content module's routes: the site content and its versions (anyone reads the current one; staff's studio
 * page), the risk statement and a person's acknowledgment of it, and the newsletter's subscription.
 */
import type { FastifyInstance } from 'fastify';
import siteContentRoutes from './routes/site-content';
import riskStatementRoutes from './routes/risk-statement';
import newsletterRoutes from './routes/newsletter';

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(siteContentRoutes);
  await app.register(riskStatementRoutes);
  await app.register(newsletterRoutes);
}
