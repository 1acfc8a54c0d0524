/**
 * The site content and the risk statement it carries, on `app.siteContent` and `app.riskStatement`: version 1 (or
 * the file edited since) written at start, retried by a timer while the database does not answer.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CONTENT_FILE } from '../../../shared/forms/schema-lint';
import { seedWithRetries } from '../forms/service';
import { readJson, SiteContent } from './site-content';
import { RiskStatement } from './risk-statement';

declare module 'fastify' {
  interface FastifyInstance {
    siteContent: SiteContent;
    riskStatement: RiskStatement;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const content = new SiteContent(app.db, app.forms.ids);
    await seedWithRetries(app, 'site content versions', () => content.start());
    app.decorate('siteContent', content);
    app.decorate('riskStatement', new RiskStatement(content, (readJson(CONTENT_FILE).riskStatement ?? {}) as ConstructorParameters<typeof RiskStatement>[1]));
  },
  { name: 'site-content', dependencies: ['forms'] },
);
