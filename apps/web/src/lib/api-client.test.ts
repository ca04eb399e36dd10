import { messages } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { html, json, mockApi } from '../test/helpers';
import { ApiError, apiRequest, getInFlight, subscribeInFlight } from './api-client';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('sends JSON with X-Requested-With, credentials and the stored bearer token', async () => {
    window.localStorage.setItem('authToken', 'local-token');
    const api = mockApi({ 'POST /api/thing': json(200, { ok: true }) });
    await expect(apiRequest('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [call] = api.calls;
    expect(call?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.headers.Authorization).toBe('Bearer local-token');
    expect(call?.credentials).toBe('include');
    expect(call?.body).toEqual({ a: 1 });
  });

  it('sends a Blob as it is, as its own type', async () => {
    const api = mockApi({ 'POST /api/photo': json(201, { ok: true }) });
    const photo = new Blob(['\x89PNG'], { type: 'image/png' });
    await apiRequest('/api/photo', { method: 'POST', body: photo });
    expect(api.calls[0]?.headers['Content-Type']).toBe('image/png');
    expect(api.fetchMock.mock.calls[0]?.[1]?.body).toBe(photo);
  });

  it('prefers the session token, and falls back to the token of the stored user', async () => {
    const api = mockApi({ 'GET /api/x': json(200, {}) });
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'a@b.co', accessToken: 'user-access' }));
    await apiRequest('/api/x');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer user-access');
    window.sessionStorage.setItem('authToken', 'session-token');
    window.localStorage.setItem('authToken', 'local-token');
    await apiRequest('/api/x');
    expect(api.calls[1]?.headers.Authorization).toBe('Bearer session-token');
  });

  it('adds extra headers, which cannot replace its own', async () => {
    window.sessionStorage.setItem('authToken', 'session-token');
    const api = mockApi({ 'PUT /api/x': json(200, {}) });
    await apiRequest('/api/x', {
      method: 'PUT',
      body: {},
      headers: { 'Idempotency-Key': 'key-1', 'x-requested-with': 'nope', authorization: 'Bearer forged' },
    });
    expect(api.calls[0]?.headers['Idempotency-Key']).toBe('key-1');
    expect(api.calls[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer session-token');
    expect(api.calls[0]?.headers['x-requested-with']).toBeUndefined();
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('sends no Authorization header when nothing is stored', async () => {
    const api = mockApi({ 'GET /api/x': json(200, {}) });
    await apiRequest('/api/x');
    expect(api.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it.each([
    ['a message field', json(400, { message: 'Email taken.', errors: { email: 'Email taken.' } }), 'Email taken.'],
    ['an error field', json(409, { error: 'Conflict here' }), 'Conflict here'],
    ['a detail field', json(422, { detail: 'Details' }), 'Details'],
    ['an errors list', json(400, { errors: ['One.', 'Two.'] }), 'One. Two.'],
    ['an errors map', json(400, { errors: { a: 'First.', b: 'Second.' } }), 'First. Second.'],
    ['a JSON string body', json(400, 'Plain words'), 'Plain words'],
    ['raw text', new Response('Service down', { status: 503, headers: { 'content-type': 'text/plain' } }), 'Service down'],
  ])('takes the message from %s', async (_name, response, message) => {
    mockApi({ 'GET /api/x': response });
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe(message);
    expect(error.serverMessage).toBe(message);
  });

  it.each([
    [400, messages.badRequest],
    [401, messages.authFailed],
    [403, messages.accessDenied],
    [404, messages.notFound],
    [500, messages.serverError],
    [418, messages.genericError],
  ])('uses the status default for an empty %i', async (status, message) => {
    mockApi({ 'GET /api/x': new Response(null, { status }) });
    const error = await failure(apiRequest('/api/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.serverMessage).toBeNull();
  });

  it('uses the login wording for an empty 400 at sign-in', async () => {
    mockApi({ 'POST /api/auth/login': new Response(null, { status: 400 }) });
    const error = await failure(apiRequest('/api/auth/login', { method: 'POST', body: {}, context: 'login' }));
    expect(error.message).toBe(messages.invalidCredentials);
  });

  it('flags an HTML 404 as mis-routed and never shows the page as a message', async () => {
    mockApi({ 'GET /api/x': html(404) });
    const error = await failure(apiRequest('/api/x'));
    expect(error.misrouted).toBe(true);
    expect(error.serverMessage).toBeNull();
    expect(error.message).toBe(messages.notFound);
  });

  it('does not flag a JSON 404', async () => {
    mockApi({ 'GET /api/x': json(404, { message: 'No such user.' }) });
    const error = await failure(apiRequest('/api/x'));
    expect(error.misrouted).toBe(false);
    expect(error.message).toBe('No such user.');
  });

  it('turns a failed fetch into a network error with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiRequest('/api/x'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(messages.networkError);
  });

  it('keeps the message of any other error without a response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('Socket closed'))),
    );
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe('Socket closed');
  });

  it('times out after the limit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const error = await failure(apiRequest('/api/x', { timeoutMs: 20 }));
    expect(error.timedOut).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.requestTimedOut);
  });

  it('counts calls in flight for the spinner', async () => {
    let release: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const seen: number[] = [];
    const unsubscribe = subscribeInFlight(() => seen.push(getInFlight()));
    const call = apiRequest('/api/x');
    expect(getInFlight()).toBe(1);
    release(json(200, {}));
    await call;
    expect(getInFlight()).toBe(0);
    expect(seen).toEqual([1, 0]);
    unsubscribe();
  });
});
