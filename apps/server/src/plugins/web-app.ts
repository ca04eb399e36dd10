import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAdminLinkPage, messages } from '@app/shared';

/** Pages the web build prerendered, as URL path → file under dist (e.g. /careers → careers/index.html). */
function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const normalized = file.split(sep).join('/');
    if (normalized === 'index.html' || normalized.endsWith('/index.html')) {
      pages.set(`/${normalized.slice(0, -'index.html'.length)}`.replace(/\/$/, '') || '/', normalized);
    }
  }
  return pages;
}

/**
 * How long browsers may keep a file. Vite names everything under assets/ after its content, so those
 * never change and are kept for a year; pages are checked on every visit (a deployment shows at
 * once); other files (favicon, images, robots.txt) for an hour.
 */
function cacheControlFor(file: string): string {
  // The policy of a precompressed copy is that of its original.
  const relative = file.split(sep).join('/').replace(/\.(br|gz)$/, '');
  if (/(^|\/)assets\//.test(relative)) return 'public, max-age=31536000, immutable';
  if (relative.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** A CSP hash source, as the web build writes it: 'sha256-' and a base64 digest, quoted. */
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The hash sources of the inline scripts in the built pages (the loader that starts the app after
 * the first paint), from the csp.json the web build writes; none without a build. A malformed file
 * stops the server: pages whose loader the policy blocks would never start.
 */
export function webAppInlineScripts(webDist: string | null): string[] {
  const file = webDist ? join(webDist, 'csp.json') : null;
  if (!file || !existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  if (!Array.isArray(scriptSrc) || !scriptSrc.every((source): source is string => typeof source === 'string' && HASH_SOURCE.test(source))) {
    throw new Error(`${file} must list the inline scripts' hashes as "scriptSrc": ["'sha256-…'"].`);
  }
  return scriptSrc;
}

/**
 * Every GET (or HEAD) that is not an API call is a page of the app, and so are the admin magic-link
 * addresses (product notes: Public site). Any spelling of /api (/API, //api) stays an API path: a JSON 404, not a 200 page.
 */
const isPage = (url: string) => !/^\/+api\//i.test(url) || isAdminLinkPage(url);

/**
 * Serves the built web app from `webDist` (when it has been built): its files, precompressed copies
 * (scripts/compress.mjs) to browsers that accept them, each prerendered page at its own address and
 * the plain app shell at every other page address. Unknown API paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null) {
  const servesPages = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  if (servesPages) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The policy comes from cacheControlFor alone.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        // The same address answers Brotli, gzip or plain bytes by the request's Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const prerendered = servesPages ? prerenderedPages(webDist!) : new Map<string, string>();
  // index.html is the prerendered home page; other app pages start from the plain shell.
  const shell = servesPages && existsSync(join(webDist!, 'app.html')) ? 'app.html' : 'index.html';
  app.setNotFoundHandler((request, reply) => {
    if (servesPages && (request.method === 'GET' || request.method === 'HEAD') && isPage(request.url)) {
      const path = request.url.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
      return reply.sendFile(prerendered.get(path) ?? shell);
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
