import { describe, expect, it, vi } from 'vitest';
import { EventStreamParser, subscribeToStream } from './live-stream';

describe('EventStreamParser', () => {
  it('makes frames of lines split anywhere across chunks, whatever their line ends', () => {
    const parser = new EventStreamParser();
    const text =
      ': heartbeat\n\nevent: state\nid: 1\ndata: {"status":"waiting"}\n\ndata: {"a":1}\r\ndata: {"b":2}\r\n\r\nid: 7\rdata:no space\r\r\n';
    const frames = [];
    // One character at a time: every boundary, a CRLF split between chunks among them.
    for (const character of text) frames.push(...parser.push(character));
    expect(frames).toEqual([
      { event: 'state', id: '1', data: '{"status":"waiting"}' },
      { event: 'message', id: '1', data: '{"a":1}\n{"b":2}' },
      { event: 'message', id: '7', data: 'no space' },
    ]);
  });

  it('sends nothing for a frame without data, and forgets its event name', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: state\n\n: comment\n\ndata: 1\n\n')).toEqual([{ event: 'message', id: null, data: '1' }]);
  });
});

/** A stream answer whose body sends these chunks, then ends; or stays open when `open`. */
function streamAnswer(chunks: string[], open = false) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('subscribeToStream', () => {
  it('reads each connection, tries again after 1 s, 2 s then 5 s, back to 1 s after a frame, and stops on 401', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms: number) => {
      delays.push(ms);
      return realSetTimeout(callback, ms);
    }) as typeof setTimeout);
    const answers: (() => Response)[] = [
      () => streamAnswer(['event: state\nid: 1\ndata: {"status":"wai', 'ting"}\n\n']),
      () => {
        throw new TypeError('fetch failed');
      },
      () => new Response('{}', { status: 503 }),
      () => streamAnswer(['data: not json\n\n', 'event: state\ndata: {"status":"ended"}\n\n']),
      () => new Response('{}', { status: 401 }),
    ];
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve().then(() => answers.shift()!()));
    vi.stubGlobal('fetch', fetchMock);
    const messages: [unknown, string][] = [];

    const ended = subscribeToStream('/api/visits/1/events', 'the-token', (data, event) => messages.push([data, event]), {
      signal: new AbortController().signal,
    });
    let result: unknown;
    void ended.then((end) => (result = end));
    while (result === undefined) await vi.advanceTimersByTimeAsync(1_000);

    expect(result).toEqual({ reason: 'refused', status: 401 });
    expect(messages).toEqual([
      [{ status: 'waiting' }, 'state'],
      [{ status: 'ended' }, 'state'],
    ]);
    expect(delays).toEqual([1_000, 2_000, 5_000, 1_000]);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({ authorization: 'Bearer the-token', accept: 'text/event-stream' });
  });

  it('stops when its signal aborts, while a connection is open', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(streamAnswer(['data: {"n":1}\n\n'], true)));
    const controller = new AbortController();
    const messages: unknown[] = [];
    const ended = subscribeToStream('/api/visits/1/events', 'the-token', (data) => messages.push(data), { signal: controller.signal });
    await vi.waitFor(() => expect(messages).toEqual([{ n: 1 }]));
    controller.abort();
    expect(await ended).toEqual({ reason: 'aborted' });
  });
});
