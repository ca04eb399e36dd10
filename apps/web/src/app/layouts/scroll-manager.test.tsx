import { act, cleanup, render } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager, TOP_TIMERS_MS } from './scroll-manager';

let scrollTo: ReturnType<typeof vi.fn>;
let intoView: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  intoView = vi.fn();
  window.scrollTo = scrollTo;
  Element.prototype.scrollIntoView = intoView;
});
afterEach(() => {
  window.scrollTo = () => undefined;
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function Page({ name }: { name: string }) {
  return (
    <div>
      <h1>{name}</h1>
      <section id="faq">FAQ</section>
      <Link to="/#faq">to faq</Link>
    </div>
  );
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/a',
        element: (
          <>
            <ScrollManager />
            <Page name="a" />
          </>
        ),
      },
      {
        path: '/b',
        element: (
          <>
            <ScrollManager />
            <Page name="b" />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const topCalls = () => scrollTo.mock.calls.length;

describe('scrolling on page changes', () => {
  it('goes to the top and keeps it there at 50, 100, 200, 400, 800 and 1200 ms', () => {
    expect(TOP_TIMERS_MS).toEqual([50, 100, 200, 400, 800, 1200]);
    open('/a');
    const start = topCalls();
    expect(start).toBeGreaterThanOrEqual(1);
    for (const [index, at] of TOP_TIMERS_MS.entries()) {
      act(() => void vi.advanceTimersByTime(at - (TOP_TIMERS_MS[index - 1] ?? 0)));
      expect(topCalls()).toBe(start + index + 1);
    }
    act(() => void vi.advanceTimersByTime(5000));
    expect(topCalls()).toBe(start + TOP_TIMERS_MS.length);
  });

  it('leaves no timer behind once the page is gone', () => {
    open('/a');
    act(() => void vi.advanceTimersByTime(60));
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops forcing the top once the visitor scrolls', () => {
    open('/a');
    act(() => void vi.advanceTimersByTime(60));
    const before = topCalls();
    window.dispatchEvent(new Event('wheel'));
    act(() => void vi.advanceTimersByTime(2000));
    expect(topCalls()).toBe(before);
  });

  it('scrolls to the anchor instead of the top when the URL has a hash', async () => {
    const router = open('/a');
    act(() => void vi.advanceTimersByTime(2000));
    scrollTo.mockClear();
    await act(() => router.navigate('/b#faq'));
    expect(intoView).toHaveBeenCalled();
    expect((intoView.mock.contexts[0] as HTMLElement).id).toBe('faq');
    act(() => void vi.advanceTimersByTime(2000));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to an anchor on the same page again when its link is followed', async () => {
    const router = open('/b#faq');
    intoView.mockClear();
    await act(() => router.navigate('/b#faq'));
    expect(intoView).toHaveBeenCalledTimes(1);
  });

  /** Ends a smooth scroll, as the browser says it (scrollend) or as the fallback timer assumes. */
  const endScroll = () =>
    act(() => {
      window.dispatchEvent(new Event('scrollend'));
      vi.advanceTimersByTime(1000);
    });

  it('puts a smooth scroll within the page right once it ends (sections are laid out only near the screen)', async () => {
    const router = open('/b#faq');
    act(() => void vi.advanceTimersByTime(2000));
    intoView.mockClear();
    await act(() => router.navigate('/b#faq'));
    expect(intoView.mock.calls).toEqual([[{ block: 'start', behavior: 'smooth' }]]);
    endScroll();
    expect(intoView.mock.calls).toEqual([[{ block: 'start', behavior: 'smooth' }], [{ block: 'start', behavior: 'auto' }]]);
    endScroll();
    expect(intoView).toHaveBeenCalledTimes(2);
  });

  it('leaves a smooth scroll alone once the visitor scrolls on their own', async () => {
    const router = open('/b#faq');
    act(() => void vi.advanceTimersByTime(2000));
    intoView.mockClear();
    await act(() => router.navigate('/b#faq'));
    window.dispatchEvent(new Event('wheel'));
    endScroll();
    expect(intoView).toHaveBeenCalledTimes(1);
  });

  it('waits for an anchor the page renders later', async () => {
    const router = open('/a');
    intoView.mockClear();
    await act(() => router.navigate('/b#later'));
    expect(intoView).not.toHaveBeenCalled();
    const late = document.createElement('div');
    late.id = 'later';
    await act(async () => {
      document.body.append(late);
      await Promise.resolve();
    });
    expect(intoView).toHaveBeenCalled();
    late.remove();
  });
});
