import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give a page 5 s instead of 1 s to show what a test waits for: a first render,
// with its lazy chunks, takes over a second while other test files share the machine's two cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// jsdom has no scrolling.
window.scrollTo = () => undefined;

// The router makes a Request for every navigation with jsdom's AbortSignal, which Node's own Request
// refuses from Node 22 on (it accepts only Node's AbortSignal). No test route has a loader to cancel,
// so the signal is left out here rather than the tests being tied to one Node version.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init?.signal ? { ...init, signal: undefined } : init);
  }
};
