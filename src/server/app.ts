/**
 * Builds the Fastify app: configuration and database, the shared form schemas as validation, security headers,
 * sessions, the API under /api/v1, its OpenAPI document at /api/docs, and the built front end. Tests build it too.
 */
import { buildAnswerSerializer } from './answer-serializer';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from './config';
import type { Database } from './db/database';
import type { SmsSender } from './sms';
import { DEFAULT_BODY_LIMIT } from './limits';
import { clientErrorHandler, frameworkErrors, MAX_URL_LENGTH, URL_TOO_LONG } from './http-errors';
import { AppError } from './errors';
import { errorResponses } from './routes/schemas';
import { repoRoot } from '../shared/forms/load-schemas';
import { setDefaultPhoneRegion } from '../shared/phone/phone.js';
import clockPlugin from './plugins/clock';
import dbPlugin from './plugins/db';
import formsPlugin from './plugins/forms';
import errorsPlugin from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import securityPlugin from './plugins/security';
import { databaseStore } from './plugins/rate-limit-store';
import authPlugin from './plugins/auth';
import languagePlugin from './plugins/language';
import { languagePageRoutes } from './routes/language';
import idempotencyPlugin from './plugins/idempotency';
import paymentsPlugin from './modules/donations/plugin';
import clientPlugin from './plugins/client';
import metricsPlugin from './plugins/metrics';
import pressurePlugin from './plugins/pressure';
import jobsPlugin from './jobs';
import mailerPlugin, { type MailTransport } from './mail/mailer';
import healthRoutes from './routes/health';
import accountsRoutes from './modules/accounts/routes';
import devOutboxRoutes from './routes/dev-outbox';
import identityRoutes from './modules/identity/routes';
import fileRoutes from './routes/files';
import projectRoutes from './modules/projects/routes';
import listCachePlugin from './modules/projects/list-cache';
import offerRoutes from './modules/offers/routes';
import agreementRoutes from './modules/agreements/routes';
import investorRoutes from './modules/investors/routes';
import donationRoutes from './modules/donations/routes';
import portfolioRoutes from './modules/portfolio/routes';
import statementRoutes from './modules/statements/routes';
import nextStepRoutes from './modules/next-steps/routes';
import staffJobRoutes from './jobs/routes';
import noticeRoutes from './modules/notices/routes';
import devMailRoutes from './routes/dev-mail';
import formRoutes from './modules/forms/routes';
import contentRoutes from './modules/content/routes';
import siteContentPlugin from './modules/content/plugin';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Read form schemas from here instead of the repository's `schemas/`. */
  schemasDir?: string;
  /** Replace the SMS sender (tests). */
  sms?: SmsSender;
  /** Replace the e-mail transport (tests). */
  mail?: MailTransport;
  /** Fastify logger option; defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** The clock of business steps (`app.now()`); the wall clock by default. Tests set it across Dhaka's midnight. */
  clock?: () => Date;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // The phone format (every schema) and the account key (E.164) read local numbers in this region.
  setDefaultPhoneRegion(config.defaultPhoneRegion);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Start-up's own work (every form's check compiled before the first request, in an onReady hook) takes seconds;
    // on a busy machine with several processes starting together it took more than Fastify's default 10 s, and the
    // process exited ("onReady hook timed out") instead of starting a little later.
    pluginTimeout: 120_000,
    ajv: { customOptions: { strict: false } },
    // Answers written from their declared schemas, a missing field left out rather than a 500 (answer-serializer.ts).
    schemaController: { compilersFactory: { buildSerializer: buildAnswerSerializer } },
    frameworkErrors,
    clientErrorHandler,
  });
  // Before routing's work is used for anything: an address longer than any page or API call needs.
  app.addHook('onRequest', async (request) => {
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH) throw new AppError(414, URL_TOO_LONG);
  });

  // API answers go compressed (brotli or gzip, as the browser accepts; a page of projects is a quarter of its size).
  // Pages are compressed by the client plugin, built assets at build time.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(dbPlugin, { config, database, sms: options.sms });
  await app.register(formsPlugin, { schemasDir: options.schemasDir });
  await app.register(siteContentPlugin);
  await app.register(errorsPlugin);
  // First among the request hooks that do work: an overloaded process refuses before reading sessions or bodies.
  await app.register(pressurePlugin);
  await app.register(metricsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(languagePlugin);
  await app.register(idempotencyPlugin);
  await app.register(listCachePlugin);
  await app.register(mailerPlugin, { transport: options.mail });
  await app.register(jobsPlugin);
  await app.register(paymentsPlugin);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: the limit holds across every server process sharing it.
    store: databaseStore(app.db),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(swagger, {
    // Components are named by the schemas' $id (the form ids), not def-0, def-1…
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Halal Fund API',
        version: '1',
        description: 'Crowdfunding, donation and Murabaha investment. Bodies are validated by the shared form schemas.',
      },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });

  await app.register(
    async (api) => {
      // Every operation answers a refusal or a failure in the one error shape (routes/schemas.ts), besides its own.
      api.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, response: { ...errorResponses, ...(route.schema?.response as object | undefined) } };
      });
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(identityRoutes);
      await api.register(fileRoutes);
      await api.register(projectRoutes);
      await api.register(offerRoutes);
      await api.register(agreementRoutes);
      await api.register(investorRoutes);
      await api.register(donationRoutes);
      await api.register(portfolioRoutes);
      await api.register(statementRoutes);
      await api.register(nextStepRoutes);
      await api.register(staffJobRoutes);
      await api.register(noticeRoutes);
      await api.register(formRoutes);
      await api.register(contentRoutes);
      if (app.sms.kind === 'outbox') await api.register(devOutboxRoutes);
      if (app.mail.kind === 'outbox') await api.register(devMailRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(languagePageRoutes);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(clientPlugin, { dir: config.clientDir ?? join(repoRoot(), 'dist/client'), serverRender: config.serverRender });
  return app;
}
