import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transformWithEsbuild, type Plugin } from 'vite';
// A relative path: the Vite config and its plugins load as plain JavaScript, not through the workspace.
import { BRAND_DEFAULTS } from '../../../packages/shared/src/brand';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Where the build lists the hashes of its inline scripts and styles, for the server's
 * Content-Security-Policy (apps/server/src/plugins/web-app.ts reads it; scripts/prerender.mjs adds the
 * pages' inlined stylesheets). */
const CSP_FILE = 'csp.json';

/** Longest wait for the first paint's report, for a browser that never sends one. */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs in the page, serialized into an inline script: imports the app's entry module once the
 * prerendered page has been painted. Its text and layout need no script, so the app's code is not
 * even requested until then and never competes with the first paint for a phone's bandwidth or
 * processor. The first paint is known from its Paint Timing entry, which comes once the frame is on
 * screen. That paint may show only the top of the page (a module script runs once the whole page is
 * parsed, possibly later), so the import waits one more frame: a task queued from a frame callback
 * runs after that frame, which holds everything parsed. The plain shell (a page that was not
 * prerendered) and a hidden tab paint nothing without the app, so they start at once.
 */
function importAfterFirstPaint(entry: string, waitMs: number) {
  const start = () => void import(entry);
  if (document.visibilityState !== 'visible' || !document.getElementById('root')?.firstElementChild) return start();
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterNextFrame();
  let painted = false;
  const onFirstPaint = () => {
    if (painted) return;
    painted = true;
    observer.disconnect();
    clearTimeout(timer);
    afterNextFrame();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) onFirstPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(onFirstPaint, waitMs);
}

/** A stylesheet imported as text, for a lazily loaded chunk (src/components/ui/chunk-styles.tsx). */
const CHUNK_STYLESHEET = /\.css\?inline$/;

/** The CSP source that allows an inline script or style with exactly this text. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;

/**
 * Makes the HTML of every page paint with no request but its own and its font: the icon sprite and
 * the favicon go inline (a sprite in another file is fetched before the first paint, and on a slow
 * phone connection every such request delays it), and in the build the entry script becomes a small
 * inline loader that starts the app after the first paint. (The font is not preloaded here: arriving
 * after the first styles, it made the browser restyle the whole page once more after the paint. Only
 * the home page preloads it, in scripts/prerender.mjs; decision 011.)
 * The loader's hash is written to dist/csp.json: the server adds it to the policy's script-src,
 * which allows no other inline script. So are the hashes of the stylesheets that travel in lazily
 * loaded chunks (imported with `?inline`, inserted by React as <style> elements): the policy's
 * style-src allows no other inline style.
 */
export function pageHtml({ sprite, favicon }: { sprite: string; favicon: string }): Plugin[] {
  const inlineScripts: string[] = [];
  const chunkStyles = new Set<string>();
  let outDir = '';
  let building = false;
  return [
    brandInPageShell(),
    {
      name: 'page-html',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
        building = config.command === 'build';
      },
      transform: {
        order: 'post',
        handler(code, id, options) {
          if (!building || options?.ssr || !CHUNK_STYLESHEET.test(id)) return;
          const css = /^export default ("(?:[^"\\]|\\.)*");?\s*$/.exec(code.trim());
          if (!css) throw new Error(`${id} did not become a string module; its stylesheet cannot be hashed for the CSP.`);
          chunkStyles.add(JSON.parse(css[1]!) as string);
        },
      },
      transformIndexHtml: {
        order: 'post',
        async handler(html, context) {
          const spriteSvg = readFileSync(sprite, 'utf8').replace(/^<svg\b/, '<svg class="icon-sprite" aria-hidden="true"');
          const faviconUrl = `data:image/svg+xml,${encodeURIComponent(readFileSync(favicon, 'utf8').trim())}`;
          let page = html
            .replace(/(<link rel="icon" type="image\/svg\+xml" href=")[^"]*"/, (_, start: string) => `${start}${faviconUrl}"`)
            .replace(/<body>/, () => `<body>\n    ${spriteSvg.trim()}`);
          if (context.bundle) {
            const entries = [...page.matchAll(ENTRY_SCRIPT)];
            if (entries.length !== 1) throw new Error(`index.html has ${entries.length} entry scripts; one is expected.`);
            const [tag, entry] = entries[0]!;
            const source = `(${importAfterFirstPaint.toString()})(${JSON.stringify(entry)}, ${FIRST_PAINT_WAIT_MS})`;
            const loader = (await transformWithEsbuild(source, 'loader.js', { minify: true, target: 'es2020' })).code.trim();
            inlineScripts.push(loader);
            page = page.replace(tag, () => `<script type="module">${loader}</script>`);
          }
          return page;
        },
      },
      writeBundle() {
        // The server-side build of scripts/prerender.mjs has no page.
        if (inlineScripts.length === 0) return;
        const scriptSrc = inlineScripts.map(hashSource);
        const styleSrc = [...chunkStyles].map(hashSource);
        writeFileSync(resolve(outDir, CSP_FILE), `${JSON.stringify({ scriptSrc, styleSrc }, null, 2)}\n`);
      },
    },
  ];
}

/**
 * The page shell names the brand as the pages do (BRAND_NAME at build time, see src/lib/brand.ts), the
 * default when it is unset. Before Vite's own %VARIABLE% replacement, which would warn of an unset one.
 */
function brandInPageShell(): Plugin {
  let brandName: string = BRAND_DEFAULTS.name;
  return {
    name: 'page-html:brand',
    configResolved(config) {
      brandName = String(config.env.BRAND_NAME ?? '').trim() || BRAND_DEFAULTS.name;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%BRAND_NAME%', () => escapeHtml(brandName)),
    },
  };
}
