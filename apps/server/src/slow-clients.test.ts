import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './plugins/error-handler';
import { useBareApp, type BareApp } from './test/bare-app';

/** A bare server with one route that reads a JSON body. */
const serverWithBodyRoute = (env: Record<string, string>) =>
  useBareApp(env, (app) => {
    registerErrorHandler(app);
    app.post('/api/echo', (request) => ({ received: request.body }));
  });

/** A connection to the server, which listens on 127.0.0.1 from the first one on. */
async function socketTo(app: BareApp): Promise<Socket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
  socket.setEncoding('utf8');
  return socket;
}

/** Everything the server sends until it closes the connection. */
const untilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    // A reset is the server closing too.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });

/**
 * Sends `head`, then each of `pieces` 100 ms apart while the connection is open; answers what the
 * server sent before it closed. Sent in full, the pieces complete a valid request within 5 s.
 */
async function trickle(app: BareApp, head: string, pieces: string[]): Promise<string> {
  const socket = await socketTo(app);
  const closed = untilClosed(socket);
  socket.write(head);
  for (const piece of pieces) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (socket.destroyed || socket.writableEnded) break;
    socket.write(piece);
  }
  // Had the server waited for it all, it answered by now; the connection ends either way.
  if (!socket.destroyed) socket.end();
  return closed;
}

const body = JSON.stringify({ note: 'x'.repeat(30) });
const post = (length: number) =>
  `POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n`;

describe('a client that sends its request slowly', () => {
  const server = serverWithBodyRoute({ REQUEST_TIMEOUT_MS: '300', HEADERS_TIMEOUT_MS: '300', KEEP_ALIVE_TIMEOUT_MS: '300' });

  it('gets 408 and a closed connection when its body trickles in past REQUEST_TIMEOUT_MS', async () => {
    const answer = await trickle(server.app, `${post(body.length)}\r\n`, [...body]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain('received');
  });

  it('loses a kept-alive connection once it stays idle past KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = await socketTo(server.app);
    const closed = untilClosed(socket);
    socket.write(`${post(body.length)}\r\n${body}`);
    // The server answers, keeps the connection for a next request, then closes it: the test ends only then.
    expect(await closed).toMatch(/^HTTP\/1\.1 200 [\s\S]*"received"/);
  });
});

describe('a client that sends its headers slowly', () => {
  // The request's own limit is long here, so only the headers' one can cut the trickle short.
  const server = serverWithBodyRoute({ REQUEST_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '300' });

  it('gets 408 and a closed connection when its headers trickle in past HEADERS_TIMEOUT_MS', async () => {
    const headers = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: ${i}\r\n`);
    const answer = await trickle(server.app, post(body.length), [...headers, `\r\n${body}`]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain('received');
  });
});
