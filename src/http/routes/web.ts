// The web client (web/, built by Vite into web/dist by scripts/build/web.mjs): a single-page app
// served on the API's own origin. Its pages are listed one by one, not caught by a wildcard, so
// they can never shadow /v1, /docs, /healthz or /openapi.yaml, and an unknown path is still a
// problem+json 404. Hashed assets (/assets/*) are cached for a year as immutable; index.html is
// revalidated on every visit, so a deploy reaches every browser at its next page load.
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { projectPath } from '../../paths.js';

/** The client's pages: each serves index.html; the client's router draws the page. */
export const WEB_PAGES = ['/', '/signin', '/games/:id', '/settings', '/verify-email', '/verify', '/players/:name', '/leaderboards/:game', '/leaderboards/:game/bots', '/challenges'] as const;
/** Unhashed files at the root of the build (web/public): also used by the API's own HTML pages. */
export const WEB_FILES = ['/alea.css', '/favicon.svg'] as const;
export const WEB_ASSETS_PREFIX = '/assets/';

/** Routes of the web client, which are not API operations (for the openapi.yaml route checks). */
export function isWebClientRoute(url: string): boolean {
  return (WEB_PAGES as readonly string[]).includes(url) || (WEB_FILES as readonly string[]).includes(url) || url.startsWith(WEB_ASSETS_PREFIX);
}

// The SPA loads scripts, styles and data from its own origin only and talks to the API there.
// Inline style attributes are allowed (positions of blocks on the map); inline scripts are not.
// Swagger UI (/docs, routes/docs.ts) needs no more than this either.
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** The security headers of every page Alea serves from its origin (the client's, and /docs). */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY');
}

export const webRoutes: FastifyPluginAsync<{ dir?: string }> = async (app, { dir = projectPath('web', 'dist') }) => {
  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('The web client is not built: run `npm run build` (npm install, npm start and npm test do it).\n');

  for (const url of WEB_PAGES) {
    app.get(url, async (_request, reply) => {
      let html: string;
      try {
        html = await readFile(`${dir}/index.html`, 'utf8');
      } catch {
        return notBuilt(reply);
      }
      return pageHeaders(reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')).send(html);
    });
  }
  for (const url of WEB_FILES) {
    app.get(url, async (_request, reply) => {
      try {
        const body = await readFile(`${dir}${url}`);
        return reply
          .type(url.endsWith('.css') ? 'text/css; charset=utf-8' : 'image/svg+xml')
          .header('cache-control', 'public, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      } catch {
        return notBuilt(reply);
      }
    });
  }
  await app.register(fastifyStatic, {
    root: `${dir}/assets`,
    prefix: WEB_ASSETS_PREFIX,
    index: false,
    list: false,
    immutable: true,
    maxAge: '365d',
    // A missing folder (client not built) must not stop the API from starting.
    // @fastify/static only warns about it.
    setHeaders: (res) => void res.setHeader('x-content-type-options', 'nosniff'),
  });
};
