import { defineConfig } from '@playwright/test';
import { HEADLESS_LAUNCH } from './fixtures/chromium';

const RUN_FIRST = /\/(video-[^/]*|accounts|admin-login)\.spec\.ts$/;

// The tests drive Debian's Chromium (fixtures/chromium.ts); Playwright never downloads a browser.
// The site itself (server + SMTP server) is started by the `site` fixture in fixtures/site.ts.
export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  // A journey takes up to a minute when three workers' browsers share the two cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Any test in any worker: a browser test waits on the page more than it computes, so three workers
  // keep two cores busy. Each worker has its own server (the `site` fixture) per server setting, so
  // workers never share a database, a mailbox or a limit; no test relies on another having run.
  fullyParallel: true,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // The files that keep a worker to themselves start first, each file in one worker with its tests in
  // order, so that they overlap the many short tests instead of ending the run with the other workers
  // idle: the video calls, which wait on the network's timers (a relay that stops, a call that comes
  // back) more than they compute, and the two files with a server of their own, which would otherwise
  // start one in each worker that takes a test of theirs. A project only orders the queue; every test
  // runs once.
  projects: [
    { name: 'first', testMatch: RUN_FIRST, fullyParallel: false },
    { name: 'site', testIgnore: RUN_FIRST },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: HEADLESS_LAUNCH,
    // A trace (DOM snapshots and screenshots of every step) is recorded only when CI retries a failed
    // test, not for every test that passes. Locally, `--trace on`.
    trace: 'on-first-retry',
    // The pictures the tests keep for a person to look at are skipped in CI (fixtures/pictures.ts); a
    // failed test still leaves one of the page it failed on.
    screenshot: 'only-on-failure',
  },
});
