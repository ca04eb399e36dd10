import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminLinkPage, messages } from '@app/shared';

/** A built file held in memory with its precompressed copies, ready to answer without touching the disk. */
interface WebFile {
  type: string;
  cacheControl: string;
  /** One strong validator per representation: the plain bytes and each compressed copy differ. */
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** The types of what the web build writes; anything else is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * How long browsers may keep a file. Vite names everything under assets/ after its content, so those
 * never change and are kept for a year; pages are checked on every visit (a deployment shows at
 * once, and an unchanged page costs a 304); other files (favicon, images, robots.txt) for an hour.
 */
function cacheControlFor(relative: string): string {
  if (/(^|\/)assets\//.test(relative)) return 'public, max-age=31536000, immutable';
  if (relative.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Every file of the build, by URL path, read once at start: the build is a few megabytes, and a page
 * or script then costs a map lookup instead of a file-system lookup per request.
 */
function loadWebFiles(webDist: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  for (const entry of readdirSync(webDist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const relative = path
      .slice(webDist.length + 1)
      .split(sep)
      .join('/');
    const copy = (suffix: string) => (existsSync(`${path}.${suffix}`) ? readFileSync(`${path}.${suffix}`) : null);
    const identity = readFileSync(path);
    files.set(`/${relative}`, {
      type: CONTENT_TYPES[extname(relative).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(relative),
      etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
      identity,
      br: copy('br'),
      gzip: copy('gz'),
    });
  }
  return files;
}

/** Pages the web build prerendered: URL path → the file's own path (e.g. /careers → /careers/index.html). */
function prerenderedPages(files: Map<string, WebFile>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const path of files.keys()) {
    if (path.endsWith('/index.html')) pages.set(path.slice(0, -'/index.html'.length) || '/', path);
  }
  return pages;
}

/** Whether an If-None-Match header names this tag (a list, a weak form, or any). */
const matchesTag = (header: string | undefined, tag: string) =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed === tag || trimmed === `W/${tag}`;
  });

/**
 * Answers with a file: Brotli, gzip or plain bytes by the request's Accept-Encoding (only the copies
 * the build made), each with its own ETag, and 304 when the browser already holds that one.
 */
function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  const accepts = request.headers['accept-encoding'] ?? '';
  const [encoding, body] =
    file.br && /\bbr\b/.test(accepts)
      ? (['br', file.br] as const)
      : file.gzip && /\bgzip\b/.test(accepts)
        ? (['gzip', file.gzip] as const)
        : ([null, file.identity] as const);
  const etag = `"${file.etag}${encoding ? `-${encoding}` : ''}"`;
  reply.header('cache-control', file.cacheControl).header('vary', 'accept-encoding').header('etag', etag);
  if (matchesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  reply.type(file.type);
  // HEAD: the headers GET would send, the length included, and no body.
  if (request.method === 'HEAD') return reply.header('content-length', body.length).send();
  return reply.send(body);
}

/** A CSP hash source, as the web build writes it: 'sha256-' and a base64 digest, quoted. */
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The hash sources of a web build's inline scripts and styles, for the Content-Security-Policy. */
export interface WebAppInlineSources {
  /** The loader that starts the app after the first paint. */
  scriptSrc: string[];
  /** Each page's inlined stylesheet, and the stylesheets that travel in lazily loaded chunks. */
  styleSrc: string[];
}

const hashSources = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((source) => typeof source === 'string' && HASH_SOURCE.test(source));

/**
 * The hash sources from the csp.json the web build writes; none without a build. A malformed file
 * stops the server: pages whose loader or styles the policy blocks would never start or never look right.
 */
export function webAppInlineSources(webDist: string | null): WebAppInlineSources {
  const file = webDist ? join(webDist, 'csp.json') : null;
  if (!file || !existsSync(file)) return { scriptSrc: [], styleSrc: [] };
  const { scriptSrc, styleSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown; styleSrc?: unknown };
  if (!hashSources(scriptSrc) || !hashSources(styleSrc)) {
    throw new Error(`${file} must list the inline scripts' and styles' hashes as "scriptSrc" and "styleSrc": ["'sha256-…'"].`);
  }
  return { scriptSrc, styleSrc };
}

/**
 * Every address that is not an API call is a page of the app, and so are the admin magic-link
 * addresses (docs/product.md, Public site). Any spelling of /api (/API, //api) stays an API path: a JSON 404, not a 200 page.
 */
export const isPageAddress = (url: string) => !/^\/+api\//i.test(url) || isAdminLinkPage(url);

/**
 * Serves the built web app from `webDist` (when it has been built), from memory: its files,
 * precompressed copies (scripts/compress.mjs) to browsers that accept them, each prerendered page at
 * its own address and the plain app shell at every other page address. Unknown API paths stay JSON 404s.
 */
export function registerWebApp(app: FastifyInstance, webDist: string | null) {
  const files = webDist && existsSync(join(webDist, 'index.html')) ? loadWebFiles(webDist) : new Map<string, WebFile>();
  const pages = prerenderedPages(files);
  // index.html is the prerendered home page; other app pages start from the plain shell.
  const shell = files.get('/app.html') ?? files.get('/index.html');
  app.setNotFoundHandler((request, reply) => {
    if (shell && (request.method === 'GET' || request.method === 'HEAD')) {
      const path = request.url.split(/[?#]/)[0]!;
      const file = files.get(path);
      // The build's own files, then pages by address.
      if (file) return sendWebFile(request, reply, file);
      if (isPageAddress(request.url))
        return sendWebFile(request, reply, files.get(pages.get(path.replace(/\/+$/, '') || '/') ?? '') ?? shell);
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
