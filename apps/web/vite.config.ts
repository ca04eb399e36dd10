import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// A relative path: the Vite config loads as plain JavaScript, not through the workspace.
import { isAdminLinkPage } from '../../packages/shared/src/site-pages';
import { pageHtml } from './vite-plugins/page-html';

/** Where the dev server sends /api and /dev (the API server; override with API_PROXY_TARGET). */
const target = process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000';
const api = {
  target,
  bypass: (req: IncomingMessage) =>
    req.method === 'GET' && isAdminLinkPage(req.url ?? '') && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
};

export default defineConfig({
  plugins: [
    react(),
    pageHtml({
      sprite: fileURLToPath(new URL('src/components/ui/icons.svg', import.meta.url)),
      favicon: fileURLToPath(new URL('public/favicon.svg', import.meta.url)),
    }),
  ],
  // The brand comes from the server's own variables (BRAND_NAME, SUPPORT_*, HQ_ADDRESS, CAREERS_EMAIL),
  // so one setting changes the pages and the e-mails alike; only these and VITE_* reach the bundle.
  envPrefix: ['VITE_', 'BRAND_NAME', 'SUPPORT_EMAIL', 'SUPPORT_PHONE', 'HQ_ADDRESS', 'CAREERS_EMAIL'],
  // Loopback only: the dev server (and the dev mailbox behind its proxy) is not for the network.
  server: { host: '127.0.0.1', proxy: { '/api': api, '/dev': target } },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole site (decisions 011 and 036): scripts/prerender.mjs inlines in each
    // prerendered page the rules its markup uses, so pages paint without waiting for CSS, and the app
    // applies the whole sheet as it starts.
    cssCodeSplit: false,
    // No preload helper: it looks up every dependency of a dynamic import with a querySelector over
    // the whole document, 20-odd scans of the home page's large DOM in one task as the app starts.
    // The browser's module loader fetches the imports of a chunk as soon as it has parsed it.
    modulePreload: false,
    // Terser with two passes ships about 2% fewer compressed bytes than the default minifier.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships explanatory comments next to its @__PURE__ annotations; Rollup notes and drops them.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // The test DOM runs no script file: one a page adds (the chat widget, a captcha) counts as loaded, as
    // in a browser that has it cached, instead of printing an error to the test log.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    // Each file in a VM context of its own inside a reused worker thread (decision 083): as isolated
    // as a worker per file, without starting one for each. The code under test runs in browsers, so
    // the sandbox's differences from Node's own globals do not reach it.
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Typing whole forms through user-event in the test DOM takes seconds on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
