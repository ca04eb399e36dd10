import { defineConfig } from '@playwright/test';

// The tests drive Debian's chromium; Playwright never downloads a browser.
// The site itself (server + SMTP server) is started by the `site` fixture in fixtures/site.ts.
export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two files at a time, each file's tests in order in one worker. Each worker has its own server
  // (the `site` fixture) per server setting, so two workers never share a database, a mailbox or a
  // limit, and a file with settings of its own starts one server, not one per worker.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
});
