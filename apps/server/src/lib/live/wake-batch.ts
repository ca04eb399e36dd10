import type { LiveEvent } from './bus';

/**
 * Loads what the reads woken by one live event need, for all of them at once. The bus tells an
 * event's listeners one after another in one turn of the event loop, and each stream's read starts
 * there: the keys asked for until that turn ends are loaded with one call. A key asked for without an
 * event (a stream's first read, a read after a resync, a plain request) is loaded alone.
 */
export function wakeBatcher<K, V>(load: (keys: K[]) => Promise<Map<K, V>>) {
  const gathering = new WeakMap<LiveEvent, { keys: Set<K>; loaded: Promise<Map<K, V>> }>();
  return (key: K, wake?: LiveEvent): Promise<V | undefined> => {
    if (!wake) return load([key]).then((found) => found.get(key));
    let batch = gathering.get(wake);
    if (!batch) {
      const keys = new Set<K>();
      const loaded = new Promise<Map<K, V>>((resolve, reject) =>
        setImmediate(() => {
          // Keys asked for after this belong to a batch of their own.
          gathering.delete(wake);
          load([...keys]).then(resolve, reject);
        }),
      );
      batch = { keys, loaded };
      gathering.set(wake, batch);
    }
    batch.keys.add(key);
    return batch.loaded.then((found) => found.get(key));
  };
}
