import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './bus';
import { wakeBatcher } from './wake-batch';

/** A batcher over squares that records each load's keys. */
function squares() {
  const loads: number[][] = [];
  const square = wakeBatcher((keys: number[]) => {
    loads.push(keys);
    return Promise.resolve(new Map(keys.map((key) => [key, key * key])));
  });
  return { square, loads };
}

describe('loading for the reads one live event woke', () => {
  it('loads the keys asked for in the turn an event is told with one call, and each answer its own', async () => {
    const { square, loads } = squares();
    const wake: LiveEvent = { type: 'queue' };
    expect(await Promise.all([square(2, wake), square(3, wake), square(2, wake)])).toEqual([4, 9, 4]);
    expect(loads).toEqual([[2, 3]]);
  });

  it('loads a key alone without an event, and apart for another event or after its batch went out', async () => {
    const { square, loads } = squares();
    const first: LiveEvent = { type: 'queue' };
    await Promise.all([square(2), square(3), square(4, first), square(5, { type: 'queue' })]);
    expect(await square(6, first)).toBe(36);
    expect(await square(7, first)).toBe(49);
    expect(loads).toEqual([[2], [3], [4], [5], [6], [7]]);
  });

  it('gives every read of a failed load its failure', async () => {
    const failing = wakeBatcher<number, number>(() => Promise.reject(new Error('database gone')));
    const wake: LiveEvent = { type: 'queue' };
    const reads = [failing(1, wake), failing(2, wake)];
    for (const read of reads) await expect(read).rejects.toThrow('database gone');
  });
});
