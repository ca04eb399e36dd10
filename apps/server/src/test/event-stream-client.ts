/** What a client reads: the frames of an event stream, comments apart, read with fetch as the browser does. */
export async function openStream(url: string, token?: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let comments = 0;
  /** The next frame with data, or null once the server ended the stream. */
  async function next(): Promise<{ event: string; id: string; data: unknown } | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        if (lines.every((line) => line.startsWith(':'))) {
          comments += 1;
          continue;
        }
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event'), id: field('id'), data: JSON.parse(field('data')) };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  }
  /** Reads heartbeats until `count` have come. */
  async function heartbeats(count: number) {
    while (comments < count) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0 && buffer.startsWith(':')) {
        buffer = buffer.slice(end + 2);
        comments += 1;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  }
  return { response, next, heartbeats, abort: () => controller.abort() };
}
