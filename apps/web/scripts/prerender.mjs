// Prerenders the public pages to HTML after `vite build`, so they paint before any JavaScript runs
// (and search engines read them). For each route it writes dist/<route>/index.html (dist/index.html
// for /): the built index.html with the page's markup in #root, its <title>, meta description and
// JSON-LD in <head>, and links to the page's own CSS and chunks. The untouched single-page shell is
// kept as dist/app.html for every other address. In the browser, src/main.tsx hydrates a page whose
// data-prerendered path matches the address, and renders from scratch otherwise.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');
const ssrOut = join(webRoot, 'node_modules', '.cache', 'prerender');

/** The public routes and the module of each one's page (to link its CSS and chunks). */
const PRERENDERED_ROUTES = [
  { path: '/', module: 'src/features/home/HomePage.tsx' },
  ...['urgent-care', 'primary-care', 'womens-health', 'pediatric-care'].map((slug) => ({
    path: `/services/${slug}`,
    module: 'src/features/services/pages/ServicePage.tsx',
  })),
  ...['caregiver-support', 'first-visit', 'preventive-care'].map((slug) => ({
    path: `/tips/${slug}`,
    module: 'src/features/tips/pages/ArticlePage.tsx',
  })),
  { path: '/terms-of-service', module: 'src/features/legal/TermsPage.tsx' },
  { path: '/privacy-policy', module: 'src/features/legal/PrivacyPage.tsx' },
  { path: '/careers', module: 'src/features/careers/pages/CareersPage.tsx' },
  { path: '/contact', module: 'src/features/contact/pages/ContactPage.tsx' },
  { path: '/consult', module: 'src/features/users/pages/SignupPage.tsx' },
  { path: '/login', module: 'src/features/auth/pages/LoginPage.tsx' },
];

const say = (text) => process.stdout.write(`[prerender] ${text}\n`);

const escapeAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The manifest key of a page module's chunk: its source path, or (when Rollup merged the module into a
 * chunk it shares with others) the dynamic-entry chunk named after the file.
 */
function chunkKeyOf(manifest, module) {
  if (manifest[module]) return module;
  const name = module.split('/').pop().replace(/\.[jt]sx?$/, '');
  const key = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
  if (!key) throw new Error(`${module} is not in the build manifest: update PRERENDERED_ROUTES in scripts/prerender.mjs.`);
  return key;
}

/** The CSS files and JS chunks a page module needs, beyond those the entry already loads. */
function pageAssets(manifest, module, entryFiles) {
  const css = new Set();
  const js = new Set();
  const seen = new Set();
  const visit = (key, isPage) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (isPage || !entryFiles.has(chunk.file)) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  visit(chunkKeyOf(manifest, module), true);
  for (const file of entryFiles) {
    css.delete(file);
    js.delete(file);
  }
  return { css: [...css], js: [...js] };
}

/** Files the entry (index.html) already loads: its chunk, static imports and CSS. */
function entryFilesOf(manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of chunk.css ?? []) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  return files;
}

/** Splits React's leading hoisted elements (<title>, <meta>, <link>) from the page markup. */
function splitHoisted(html) {
  const match = /^(?:<title[^>]*>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/.exec(html);
  if (!match) return { hoisted: '', body: html };
  return { hoisted: match[0], body: html.slice(match[0].length) };
}

function compose(template, { path, page, assets }) {
  const { hoisted, body } = splitHoisted(page.html);
  let head = '';
  let html = template;
  if (/<title[\s>]/.test(hoisted)) html = html.replace(/<title>[^<]*<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(hoisted)) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  head += hoisted;
  for (const file of assets.css) head += `<link rel="stylesheet" crossorigin href="/${file}">`;
  for (const file of assets.js) head += `<link rel="modulepreload" crossorigin href="/${file}">`;
  for (const [id, json] of page.jsonLd) head += `<script type="application/ld+json" data-ld="${escapeAttr(id)}">${json}</script>`;
  if (!html.includes('</head>') || !html.includes('<div id="root"></div>')) throw new Error('dist/index.html is not the expected template.');
  html = html.replace('</head>', `${head}\n  </head>`);
  html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttr(path)}">${body}</div>`);
  return html;
}

async function main() {
  const templatePath = join(dist, 'index.html');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(templatePath) || !existsSync(manifestPath)) throw new Error('Run `vite build` first (dist/index.html and dist/.vite/manifest.json are needed).');
  const shellPath = join(dist, 'app.html');
  const template = readFileSync(templatePath, 'utf8');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryFiles = entryFilesOf(manifest);

  say('building the server renderer…');
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      minify: false,
    },
  });
  const { renderPage } = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);

  writeFileSync(shellPath, template);
  const failures = [];
  for (const route of PRERENDERED_ROUTES) {
    try {
      const page = await renderPage(route.path);
      if (page.redirect) throw new Error(`redirects to ${page.redirect}`);
      if (page.status !== 200) throw new Error(`answers ${page.status}`);
      const assets = pageAssets(manifest, route.module, entryFiles);
      const out = route.path === '/' ? templatePath : join(dist, route.path.slice(1), 'index.html');
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, compose(template, { path: route.path, page, assets }));
      say(`${route.path} → ${out.slice(webRoot.length)} (${Math.round(page.html.length / 1024)} KB of markup)`);
    } catch (error) {
      failures.push(`${route.path}: ${error instanceof Error ? error.stack || error.message : String(error)}`);
    }
  }
  rmSync(ssrOut, { recursive: true, force: true });
  // The manifest was only for this script.
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
  if (failures.length) throw new Error(`Prerendering failed:\n${failures.join('\n')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
