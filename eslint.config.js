import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'apps/server/src/db/migrations/**',
      // The bench is a package of its own, linted by `npm run bench:check` once its dependencies are
      // installed (tools/bench/eslint.config.js); CI installs none of them.
      'tools/bench/**',
    ],
  },
  js.configs.recommended,
  // Type-aware rules everywhere: every file, .mjs scripts included, belongs to a tsconfig
  // (scripts/tsconfig.json and apps/web/tsconfig.json type-check the scripts with checkJs).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // React calls event handlers and ignores what they return; an async onSubmit is the usual form.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // plugins/client-ip.ts decides the client address once; request.ip would believe a malformed header.
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'request', property: 'ip', message: 'Use request.clientIp.' }] },
  },
  {
    // Fastify plugins, hooks and handlers are async by contract (FastifyPluginAsync, async hooks): one
    // that happens not to await is correct, not a forgotten await.
    files: ['apps/server/src/**/{routes,*.routes}.ts', 'apps/server/src/plugins/*.ts', 'apps/server/src/app.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed any by design.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The session token lives in Web Storage (decision 049): markup built from strings is the way
      // script would get in, so the web app never writes any.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render elements; never HTML from strings.' },
        {
          selector: 'AssignmentExpression > MemberExpression[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Build nodes; never HTML from strings.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]',
          message: 'Build nodes; never HTML from strings.',
        },
      ],
    },
  },
  // Tests lay out their fixtures' markup as text.
  { files: ['apps/web/**/*.test.{ts,tsx}'], rules: { 'no-restricted-syntax': 'off' } },
  {
    // One file-name style on the web, the server's: kebab-case names and folders (expense-card.tsx,
    // expense-card.test.tsx, user-admin/), whatever a component inside is called. Stylesheets and
    // images are checked too: the plugin's processor hands ESLint an empty script for each.
    ...tseslint.configs.disableTypeChecked,
    files: ['apps/web/src/**/*.{css,svg}'],
    plugins: { 'check-file': checkFile },
    processor: 'check-file/eslint-processor-check-file',
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx,css,svg}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { 'apps/web/src/**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/web/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // The repo's own tool configs are plain JavaScript read by their tools, in no tsconfig.
    files: ['eslint.config.js', '.dependency-cruiser.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The root scripts are plain .mjs type-checked leniently (scripts/tsconfig.json): their values are
    // untyped JSON from HTTP and the command line, so the no-unsafe-* family would only flag every use.
    files: ['scripts/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['scripts/**', '**/build.mjs', 'e2e/**', '**/*.bench.*'], rules: { 'no-console': 'off' } },
);
