/**
 * Security headers (helmet) with a Content-Security-Policy that allows no `eval` and no inline script: the page's
 * form validators are precompiled, and MUI's styles are the only inline thing allowed. The one exception is a
 * per-response nonce: a server-rendered page's own inline script (React's, see plugins/client.ts) carries it, so
 * no script injected into the page can run. Videos may be embedded from YouTube (the content file names them);
 * nothing else is loaded from another site.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const nonces = new WeakMap<ServerResponse, string>();

/** This response's script nonce (made when its CSP header was written), for the page's own inline scripts. */
export function scriptNonce(res: ServerResponse): string | undefined {
  return nonces.get(res);
}

function newNonce(_req: unknown, res: unknown): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(res as ServerResponse, nonce);
  return `'nonce-${nonce}'`;
}

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", newNonce],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

async function securityPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
}

export default fp(securityPlugin, { name: 'security' });
