/**
 * Live updates from the server's event streams (Server-Sent Events). Read with fetch rather than
 * EventSource, which cannot send the session's Authorization header; reconnects by itself after a
 * drop, and each connection begins with the current state, so nothing missed meanwhile is lost.
 */

/** One frame of an event stream that carried data. */
export interface StreamFrame {
  event: string;
  id: string | null;
  data: string;
}

/**
 * Splits the text of an event stream into frames, whatever the chunks it arrives in (the format of
 * the HTML standard: lines ending in CRLF, LF or CR; `:` comments; `data` lines joined by newlines).
 */
export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | null = null;

  /** The frames this chunk completes. */
  push(chunk: string): StreamFrame[] {
    this.buffer += chunk;
    const frames: StreamFrame[] = [];
    for (;;) {
      const end = /\r\n|\r|\n/.exec(this.buffer);
      if (!end) break;
      // A CR at the end of the text so far may be the first half of a CRLF that the next chunk completes.
      if (end[0] === '\r' && end.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      const frame = this.line(line);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  private line(line: string): StreamFrame | null {
    if (line === '') {
      const frame = this.data.length > 0 ? { event: this.event || 'message', id: this.id, data: this.data.join('\n') } : null;
      this.data = [];
      this.event = '';
      return frame;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** Why a subscription ended: its signal was aborted, or the server refused it (signed out, not allowed, gone). */
export type StreamEnd = { reason: 'aborted' } | { reason: 'refused'; status: 401 | 403 | 404 };

/** Waits before each new attempt after a drop; back to the first once a connection delivered a frame. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000];

const isRefusal = (status: number): status is 401 | 403 | 404 => status === 401 || status === 403 || status === 404;

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Reads one connection's frames until it ends; answers whether any frame came. */
async function readFrames(body: ReadableStream<Uint8Array>, signal: AbortSignal, onFrame: (frame: StreamFrame) => void): Promise<boolean> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  let received = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return received;
      for (const frame of parser.push(decoder.decode(value, { stream: true }))) {
        received = true;
        onFrame(frame);
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Follows the event stream at `url` with the session's token, calling `onMessage` with each frame's
 * JSON data, event name and id (the server numbers each connection's frames from 1), until `signal` aborts or the server answers 401, 403 or 404. A dropped
 * connection, a network failure or another status is tried again after 1 s, 2 s, then every 5 s.
 * A frame whose data is not JSON is skipped.
 */
export async function subscribeToStream(
  url: string,
  token: string,
  onMessage: (data: unknown, event: string, id: string | null) => void,
  options: { signal: AbortSignal },
): Promise<StreamEnd> {
  const { signal } = options;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal,
      });
      if (isRefusal(response.status)) {
        await response.body?.cancel();
        return { reason: 'refused', status: response.status };
      }
      if (response.ok && response.body) {
        const delivered = await readFrames(response.body, signal, (frame) => {
          let data: unknown;
          try {
            data = JSON.parse(frame.data);
          } catch {
            return;
          }
          onMessage(data, frame.event, frame.id);
        });
        if (delivered) failures = 0;
      } else {
        await response.body?.cancel();
      }
    } catch {
      // A network failure or a dropped connection: tried again below, unless aborted.
    }
    if (signal.aborted) break;
    await pause(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!, signal);
    failures += 1;
  }
  return { reason: 'aborted' };
}
