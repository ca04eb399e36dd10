import { messageFromBody, messages, statusDefaultMessage } from '@app/shared';
import { readBearerToken } from './storage';

const API_TIMEOUT_MS = 30_000;

/** A failed call. `status` is 0 when no answer came back (network failure, time-out). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** What the server itself said (docs/product.md, Messages), or null when it said nothing usable. */
  readonly serverMessage: string | null;
  /** A 404 answered with an HTML page: the request reached the website instead of the API. */
  readonly misrouted: boolean;
  readonly timedOut: boolean;

  constructor(init: {
    status: number;
    message: string;
    body?: unknown;
    serverMessage?: string | null;
    misrouted?: boolean;
    timedOut?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.misrouted = init.misrouted ?? false;
    this.timedOut = init.timedOut ?? false;
  }

  /** True when no response came back at all. */
  get isNetworkError() {
    return this.status === 0;
  }
}

/* ---------- calls in flight, for the global spinner ---------- */

let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribeInFlight(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getInFlight = () => inFlight;

/* ---------- the request ---------- */

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a photo) is sent as it is, as its own type. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Which status defaults apply when the server says nothing (a 400 at login reads differently). */
  context?: 'login' | 'default';
  /** Leave out the spinner overlay (background checks). */
  quiet?: boolean;
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace the ones set here. */
  headers?: Record<string, string>;
  /** A file answer (a PDF) is read as a Blob; a refusal is still read as JSON. */
  as?: 'json' | 'blob';
}

/** Headers the client sets itself; a caller's `headers` cannot change them. */
const RESERVED_HEADERS = new Set(['accept', 'x-requested-with', 'content-type', 'authorization']);

const isJson = (type: string | null) => !!type && /[/+]json\b/i.test(type);
const isHtml = (type: string | null) => !!type && /text\/html/i.test(type);

async function readBody(response: Response): Promise<{ body: unknown; text: string }> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    return { body: null, text: '' };
  }
  const type = response.headers.get('content-type');
  if (text && (isJson(type) || /^\s*[[{"]/.test(text)) && !isHtml(type)) {
    try {
      return { body: JSON.parse(text) as unknown, text };
    } catch {
      // not JSON after all: fall through to the text
    }
  }
  return { body: text || null, text };
}

/** The message to show for an error that carries no response. */
function noResponseMessage(error: unknown): string {
  // fetch() rejects with a TypeError ("Failed to fetch", "Load failed"): browser jargon, not a message.
  if (error instanceof TypeError) return messages.networkError;
  if (error instanceof Error && error.message.trim()) return error.message;
  return messages.networkError;
}

/**
 * Calls the API: JSON in and out, the X-Requested-With header, cookies included, the stored bearer
 * token, a 30 s time-out. Resolves with the parsed body; rejects with an ApiError carrying the
 * message (docs/product.md, Messages) (or the caller's AbortError when the caller aborted).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, timeoutMs = API_TIMEOUT_MS, context = 'default', quiet = false } = options;
  const extra = Object.entries(options.headers ?? {}).filter(([name]) => !RESERVED_HEADERS.has(name.toLowerCase()));
  const headers: Record<string, string> = {
    ...Object.fromEntries(extra),
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (body !== undefined) headers['Content-Type'] = body instanceof Blob ? body.type : 'application/json';
  const token = readBearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  if (!quiet) {
    inFlight += 1;
    emit();
  }
  try {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError({ status: 0, message: messages.requestTimedOut, timedOut: true });
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, message: noResponseMessage(error) });
    }

    if (response.ok && options.as === 'blob') return (await response.blob()) as T;
    const { body: parsed, text } = await readBody(response);
    if (response.ok) return parsed as T;

    const type = response.headers.get('content-type');
    const html = isHtml(type) || /^\s*</.test(text);
    const misrouted = response.status === 404 && html;
    // An HTML page is never a message worth showing.
    // Raw text is a message only when the body was not JSON ({} says nothing).
    const serverMessage = html ? null : messageFromBody(parsed, typeof parsed === 'string' ? text : undefined);
    throw new ApiError({
      status: response.status,
      message: serverMessage ?? statusDefaultMessage(response.status, context),
      body: parsed,
      serverMessage,
      misrouted,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
    if (!quiet) {
      inFlight -= 1;
      emit();
    }
  }
}

/** The message of any error thrown by a call, for showing. */
export function errorMessage(error: unknown, fallback: string = messages.genericError): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
