import { afterEach, describe, expect, it, vi } from 'vitest';
import { nearViewport } from './near-viewport';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('nearViewport', () => {
  it('resolves at once when the element is not on the page (a page rendered in the browser)', async () => {
    await expect(nearViewport('nowhere')).resolves.toBeUndefined();
  });

  it('waits for the prerendered element to come near the screen', async () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          notify = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    document.body.innerHTML = '<div id="home-more"></div>';
    let done = false;
    const promise = nearViewport('home-more').then(() => {
      done = true;
    });
    notify!([{ isIntersecting: false }]);
    await Promise.resolve();
    expect(done).toBe(false);
    notify!([{ isIntersecting: true }]);
    await promise;
    expect(done).toBe(true);
    expect(disconnect).toHaveBeenCalled();
  });
});
