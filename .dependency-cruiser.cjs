// The layers of docs/decisions/021-layer-boundaries-and-domain-errors.md, enforced: `npm run boundaries`,
// part of `npm run validate` and CI. Tests may reach into any layer, so the rules skip *.test.ts(x), but for one: a web
// feature's tests stay out of the app as its code does.
const TEST = '\\.test\\.tsx?$';
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** A feature's public file: what other features may import. */
const PUBLIC_FILE = 'index\\.tsx?$';
/** Files that talk SQL: repositories, and the database layer itself. */
const REPOSITORY = '/(repository|[a-z-]+\\.repository)\\.ts$';
const SERVICE = `${SERVER}features/[^/]+/(service|[a-z-]+\\.service)\\.ts$`;
const ROUTES = `${SERVER}features/[^/]+/(routes|[a-z-]+\\.routes)\\.ts$`;
/** Feature files outside the three layers: adapters to the world outside, and pure helpers. */
const LIB_FILES = [
  `${SERVER}features/audit/anchor\\.ts$`,
  `${SERVER}features/billing/(gateway|sandbox-gateway|receipt-pdf)\\.ts$`,
  `${SERVER}features/captcha/(altcha|recaptcha)\\.ts$`,
  `${SERVER}features/mail/(delivery|templates)\\.ts$`,
  `${SERVER}features/plans/catalogue\\.ts$`,
  `${SERVER}features/sms/(gateway|twilio-gateway)\\.ts$`,
  `${SERVER}features/user-admin/admin-user\\.ts$`,
  `${SERVER}features/visits/summary-pdf\\.ts$`,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'scripts-run-without-vitest',
      comment:
        'The operator scripts (cluster, drill, backup, seed, audit:verify, phi:rotate) run under plain Node: nothing they reach may import Vitest, which only works inside a test run.',
      severity: 'error',
      from: { path: `${SERVER}(cluster/(main|drill)|backup|seed|audit-verify|phi-rotate|server)\\.ts$` },
      to: { path: 'node_modules/vitest/', reachable: true },
    },
    {
      name: 'no-circular',
      comment: 'Imports flow one way; a cycle means two modules are one, or a rule sits in the wrong one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      comment: 'packages/shared is the bottom layer: both apps import it, it imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/src/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'The server and the web app share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: ['^apps/$1/'] },
    },
    {
      name: 'server-features-through-public-files',
      comment: 'A server feature (or plugin) imports another feature only through its public file (features/<name>/index.ts).',
      severity: 'error',
      from: { path: [`${SERVER}features/([^/]+)/`, `${SERVER}plugins/`], pathNot: TEST },
      to: { path: `${SERVER}features/`, pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/${PUBLIC_FILE}`] },
    },
    {
      name: 'web-features-through-public-files',
      comment: 'A web feature imports another feature only through its public file (features/<name>/index.ts).',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST },
      to: { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/${PUBLIC_FILE}`] },
    },
    {
      name: 'web-app-composes-features-through-public-files',
      comment:
        'The app (layouts, guards, the admin dashboard shell) uses a feature through its public file; only a page the router loads lazily (import()) is named by its own module, for a chunk of its own.',
      severity: 'error',
      from: { path: `${WEB}app/`, pathNot: [TEST, '/test/'] },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/[^/]+/${PUBLIC_FILE}`, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'web-features-know-no-app',
      comment:
        'The app (routes, guards, layouts, the admin dashboard shell) composes the web features; a feature, tests included, never imports the app.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'lower-layers-know-no-features',
      comment: 'lib/, db/ and the UI kit sit below the features: they never import a feature or the app.',
      severity: 'error',
      from: { path: [`${SERVER}(lib|db)/`, `${WEB}(lib|components)/`], pathNot: TEST },
      to: { path: [`${SERVER}(features|plugins|jobs|app)`, `${WEB}(features|app)/`] },
    },
    {
      name: 'services-know-no-http',
      comment: 'Services hold the rules and throw domain errors; HTTP (Fastify, plugins, routes, status codes) stays in routes.',
      severity: 'error',
      from: { path: SERVICE },
      to: { path: ['^fastify$', '^@fastify/', `${SERVER}plugins/`, 'routes\\.ts$', 'node_modules/fastify', 'node_modules/@fastify/'] },
    },
    {
      name: 'routes-call-services',
      comment:
        "A route validates, calls a service and shapes the answer; reading or writing rows is a service's business (types may pass through).",
      severity: 'error',
      from: { path: ROUTES, pathNot: TEST },
      to: { path: REPOSITORY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'jobs-through-public-files',
      comment: 'jobs/ only schedules: it calls a feature through its public file (features/<name>/index.ts).',
      severity: 'error',
      from: { path: `${SERVER}jobs/`, pathNot: TEST },
      to: { path: `${SERVER}features/`, pathNot: `${SERVER}features/[^/]+/${PUBLIC_FILE}` },
    },
    {
      name: 'feature-files-have-a-layer',
      comment:
        'Every file of a server feature is a route, a service, a repository, its public file or a test; the few adapters and pure helpers are listed in LIB_FILES.',
      severity: 'error',
      from: {
        path: `${SERVER}features/`,
        pathNot: [TEST, ROUTES, SERVICE, REPOSITORY, `${SERVER}features/[^/]+/${PUBLIC_FILE}`, ...LIB_FILES],
      },
      to: {},
    },
    {
      name: 'only-repositories-touch-sql',
      comment:
        'Repositories alone run queries: nothing else imports the database client or the query builder for its values (types may pass through).',
      severity: 'error',
      from: {
        path: `${SERVER}`,
        pathNot: [TEST, REPOSITORY, `${SERVER}db/`, `${SERVER}(app|seed|phi-rotate|audit-verify|backup)\\.ts$`, `${SERVER}test/`],
      },
      to: { path: [`${SERVER}db/client\\.ts$`, 'node_modules/drizzle-orm/'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(apps|packages|tools)/[^/]+/dist/', '/data/', 'apps/server/src/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
