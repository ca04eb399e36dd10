// Prerenders the public pages to HTML after `vite build`, so they paint before any JavaScript runs
// (and search engines read them). For each route it writes dist/<route>/index.html (dist/index.html
// for /): the built index.html with the page's markup in #root, its <title>, meta description and
// JSON-LD in <head>, and the rules of the site's stylesheet that it uses inlined. The untouched
// single-page shell is kept as dist/app.html for every other address. In the browser, src/main.tsx
// hydrates a page whose data-prerendered path matches the address, and renders from scratch otherwise.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');
const ssrOut = join(webRoot, 'node_modules', '.cache', 'prerender');

const say = (/** @type {string} */ text) => process.stdout.write(`[prerender] ${text}\n`);

const escapeAttr = (/** @type {string} */ value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The site's one stylesheet link in the built index.html (vite.config.ts turns CSS code splitting off). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/** An inline stylesheet of a page, and its rules. */
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/** The stylesheet's font faces (one minified rule each, no nested braces). */
const FONT_FACE = /@font-face\{[^}]*\}/g;

/**
 * The template with its stylesheet inlined: a page then paints from its HTML alone, with no request
 * for CSS in between (the CSP allows each page's inline stylesheet by its hash, allowedInlineStyles). Each page keeps only its own rules of it
 * (withOwnRulesOnly); the whole sheet is linked disabled, so the browser does not fetch it, and the
 * app enables it as it starts (src/app/site-styles.ts). A request made before the first paint, even
 * one that does not hold it, delayed the largest paint of Lighthouse's simulated phone by 0.15 s, the
 * time its slow network took to bring the sheet. That copy leaves out the @font-face rules the page
 * already has: a second face of the same font, loaded at once from the cache, would set in the font
 * text that the first paint set in the fallback (font-display: optional, a font that came late), and
 * move the page under the visitor.
 */
/** @param {string} template */
function withInlineStyles(template) {
  const links = [...template.matchAll(STYLESHEET_LINK)];
  if (links.length !== 1)
    throw new Error(`dist/index.html links ${links.length} stylesheets; one is expected (build.cssCodeSplit: false).`);
  const [link, file] = /** @type {[string, string]} */ (/** @type {unknown} */ (links[0]));
  const css = readFileSync(join(dist, file), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`${file} contains '</style' and cannot be inlined.`);
  const rules = css.replace(FONT_FACE, '');
  // Named after its content like Vite's assets, so that browsers keep it for a year (apps/server/src/plugins/web-app.ts).
  const rulesFile = `assets/site-rules-${createHash('sha256').update(rules).digest('base64url').slice(0, 10)}.css`;
  writeFileSync(join(dist, rulesFile), rules);
  return template.replace(
    link,
    () => `<style>${css}</style><link rel="stylesheet" href="/${escapeAttr(rulesFile)}" disabled data-site-styles>`,
  );
}

/**
 * Finds the rules of a stylesheet that a page's markup uses, with the fonts and animations they name.
 * It reads the page and leaves the linked sheet alone; its own rewrite of the page is not used, only
 * the style it pruned.
 */
const ruleFinder = new Beasties({
  path: dist,
  external: false,
  reduceInlineStyles: true,
  keyframes: 'critical',
  logLevel: 'warn',
});

/**
 * The page with only the rules its own markup uses left in its inline stylesheet: the whole site's
 * 70 KB were in every page, most of them for other pages and for states a page reaches only once
 * its script runs (a third of the bytes of the home page, which every visit downloads). The
 * @font-face rules stay whole: the finder cannot tell that text uses a font named in a custom
 * property (font-family: var(--font-sans)).
 */
/** @param {string} html */
async function withOwnRulesOnly(html) {
  const styles = [...html.matchAll(INLINE_STYLE)];
  if (styles.length !== 1) throw new Error(`the page has ${styles.length} inline stylesheets; one is expected.`);
  const [style, whole] = /** @type {[string, string]} */ (/** @type {unknown} */ (styles[0]));
  const [pruned] = [...(await ruleFinder.process(html)).matchAll(INLINE_STYLE)];
  if (!pruned?.[1]) throw new Error('no rule of the stylesheet applies to the page.');
  const css = (whole.match(FONT_FACE) ?? []).join('') + pruned[1];
  return html.replace(style, () => `<style>${css}</style>`);
}

/**
 * Adds the hashes of the pages' inline stylesheets to the style-src of dist/csp.json (the client build
 * wrote the chunks' there), so that the policy allows those and no other inline style.
 * @param {string[]} pages
 */
function allowInlineStyles(pages) {
  const cspFile = join(dist, 'csp.json');
  // The file the client build wrote just before, typed as it writes it (the JSDoc cast is invisible to
  // the lint rule, which sees JSON.parse's any).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
  const csp = /** @type {{ scriptSrc: string[]; styleSrc: string[] }} */ (JSON.parse(readFileSync(cspFile, 'utf8')));
  const hashes = new Set(csp.styleSrc);
  for (const page of pages) {
    for (const [, css = ''] of readFileSync(page, 'utf8').matchAll(INLINE_STYLE)) {
      hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
  }
  writeFileSync(cspFile, `${JSON.stringify({ ...csp, styleSrc: [...hashes] }, null, 2)}\n`);
}

/**
 * Pages that preload the site's font (decision 011). The home page paints its top before the rest of
 * its long HTML is parsed, before the font (requested by that first layout) has arrived: its heading,
 * the largest text on the screen, then waited for the font and was painted a frame later, which
 * Lighthouse's simulation counted as 0.15 s more LCP (1.2 s, the aim). Other pages paint once parsed,
 * with the font there, and a preload would only make them restyle after their first paint.
 */
const FONT_PRELOADED = new Set(['/']);

/** A preload of the one font file the inlined stylesheet loads. */
/** @param {string} pageTemplate */
function fontPreload(pageTemplate) {
  const fonts = [...new Set([...pageTemplate.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((match) => match[1]))];
  if (fonts.length !== 1) throw new Error(`the stylesheet loads ${fonts.length} font files; one is expected.`);
  return `<link rel="preload" href="${escapeAttr(/** @type {string} */ (fonts[0]))}" as="font" type="font/woff2" crossorigin>`;
}

/** Splits React's leading hoisted elements (<title>, <meta>, <link>) from the page markup. */
/** @param {string} html */
function splitHoisted(html) {
  const match = /^(?:<title[^>]*>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/.exec(html);
  if (!match) return { hoisted: '', body: html };
  return { hoisted: match[0], body: html.slice(match[0].length) };
}

/**
 * @param {string} template
 * @param {string} preload
 * @param {{ path: string; page: import('../src/entry-server').RenderedPage }} prerendered
 */
function compose(template, preload, { path, page }) {
  const { hoisted, body } = splitHoisted(page.html);
  let head = '';
  // Before the inlined stylesheet, so the request starts as soon as the head arrives.
  let html = FONT_PRELOADED.has(path) ? template.replace('<style>', () => `${preload}<style>`) : template;
  if (/<title[\s>]/.test(hoisted)) html = html.replace(/<title>[^<]*<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(hoisted)) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  head += hoisted;
  for (const [id, json] of page.jsonLd) head += `<script type="application/ld+json" data-ld="${escapeAttr(id)}">${json}</script>`;
  if (!html.includes('</head>') || !html.includes('<div id="root"></div>'))
    throw new Error('dist/index.html is not the expected template.');
  html = html.replace('</head>', `${head}\n  </head>`);
  html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttr(path)}">${body}</div>`);
  return html;
}

async function main() {
  const templatePath = join(dist, 'index.html');
  if (!existsSync(templatePath)) throw new Error('Run `vite build` first (dist/index.html is needed).');
  const shellPath = join(dist, 'app.html');
  const template = readFileSync(templatePath, 'utf8');
  const pageTemplate = withInlineStyles(template);
  const preload = fontPreload(pageTemplate);

  say('building the server renderer…');
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  });
  // The list of public pages comes with the bundle: the one the router is built from (packages/shared).
  // The bundle built just above from src/entry-server.tsx, typed as that module (the JSDoc cast is
  // invisible to the lint rule, which sees the untyped dynamic import).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
  const entry = /** @type {typeof import('../src/entry-server')} */ (await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href));
  const { renderPage, prerenderedPaths } = entry;

  writeFileSync(shellPath, template);
  const written = [shellPath];
  const failures = [];
  for (const path of prerenderedPaths) {
    try {
      const page = await renderPage(path);
      const out = path === '/' ? templatePath : join(dist, path.slice(1), 'index.html');
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, await withOwnRulesOnly(compose(pageTemplate, preload, { path, page })));
      written.push(out);
      say(`${path} → ${out.slice(webRoot.length)} (${Math.round(page.html.length / 1024)} KB of markup)`);
    } catch (error) {
      failures.push(`${path}: ${error instanceof Error ? error.stack || error.message : String(error)}`);
    }
  }
  rmSync(ssrOut, { recursive: true, force: true });
  if (failures.length) throw new Error(`Prerendering failed:\n${failures.join('\n')}`);
  allowInlineStyles(written);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
