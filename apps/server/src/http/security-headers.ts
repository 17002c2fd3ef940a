import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The headers every answer carries (@fastify/helmet): a strict Content-Security-Policy for the web app (no
 * inline or foreign script; styles inline because Mantine writes its CSS variables into <style> elements), no
 * framing by anyone, nosniff, no referrer beyond our origin, and HSTS once APP_URL is https. The API docs'
 * explorer (when served) loads only its own files and lives under the same policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = await securityHeaders(config);
  const api = apiHeaders(headers);
  // The same headers on every answer: set as computed once (the plugin builds its middleware, and parses the
  // policy again, on every request).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? api : headers);
    done();
  });
}

const API_PREFIX = '/api/v1/';

/** Headers that only a document (a page a browser renders) heeds: an API answer is data, and goes without. */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
]);

/**
 * An API answer's headers: the document's, less what only documents heed, with a policy that lets it load
 * nothing, should a browser ever render one (half a kilobyte less on every API answer).
 */
function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(documentHeaders)) {
    if (!DOCUMENT_ONLY.has(name)) headers[name] = value;
  }
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  return headers;
}

/** What any answer carries, with or without the plugin: not ours to copy. */
const ANSWER_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers the plugin sets with our options, read off one answer of a throwaway instance. */
async function securityHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => 'ok');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!ANSWER_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function helmetOptions(config: Config): FastifyHelmetOptions {
  const https = config.appUrl.startsWith('https://');
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures come from the sign-in providers (https only); charts and icons may be data: URLs.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The API and the /cable socket are same-origin ('self' covers ws:/wss: of this origin).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Sign-in redirects and the Stripe checkout open other origins in the same window: keep the opener
    // policy permissive for popups the providers may use.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Profile pictures from other origins must still load.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}
