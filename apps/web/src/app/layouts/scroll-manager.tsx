import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../../lib/reduced-motion';

/** After a page change the top is forced again at these delays, ending at the last (docs/product.md, Public site). */
export const TOP_TIMERS_MS = [50, 100, 200, 400, 800, 1200] as const;
/** How long to wait for an anchor that the page has not rendered yet (its code may still be loading). */
const ANCHOR_WAIT_MS = 4000;
/** After reaching an anchor, it is scrolled to again at these delays as images above it load. */
const ANCHOR_SETTLE_MS = [250, 700] as const;
/** How long a smooth scroll is taken to last where the browser cannot say when it ends. */
const SMOOTH_SCROLL_MS = 1000;

/** Things a person does to scroll or move on their own: from then on the page is theirs. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function scrollTop() {
  try {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  } catch {
    window.scrollTo?.(0, 0);
  }
}

function anchorTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: use the hash as it is
  }
  return id ? document.getElementById(id) : null;
}

/** Calls `cancel` once the person scrolls, types or taps; returns the undo of that watch. */
function cancelOnUserInput(cancel: () => void): () => void {
  USER_INPUT.forEach((type) => window.addEventListener(type, cancel, { capture: true, passive: true }));
  return () => USER_INPUT.forEach((type) => window.removeEventListener(type, cancel, true));
}

/** Runs `work` at each delay until the person scrolls, types or taps; returns the cancel. */
function untilUserActs(work: () => void, delays: readonly number[]): () => void {
  if (delays.length === 0) return () => undefined;
  const timers = delays.map((delay) => window.setTimeout(work, delay));
  const stop = () => {
    timers.forEach((timer) => window.clearTimeout(timer));
    unwatch();
  };
  const unwatch = cancelOnUserInput(stop);
  // The watch ends after the last run; a cancel before then (the page unmounts) clears this timer too.
  timers.push(window.setTimeout(stop, Math.max(...delays) + 1));
  return stop;
}

/** Runs `work` once the current scroll has ended, unless the person acts first; returns the cancel. */
function afterScrollEnds(work: () => void): () => void {
  // Without the scrollend event: a smooth scroll is over well within a second.
  if (!('onscrollend' in window)) return untilUserActs(work, [SMOOTH_SCROLL_MS]);
  const ended = () => {
    cancel();
    work();
  };
  const cancel = () => {
    window.removeEventListener('scrollend', ended);
    unwatch();
  };
  window.addEventListener('scrollend', ended);
  const unwatch = cancelOnUserInput(cancel);
  return cancel;
}

/**
 * Each page change starts at the top, and keeps being put there for 1.2 s while the page settles
 * (lazy code, images, a home page that locks scrolling). A URL with a hash goes to that anchor
 * instead, also when it is on the page already (a menu link to /#faq clicked on the home page).
 * Either stops as soon as the visitor scrolls on their own.
 */
export function ScrollManager() {
  const location = useLocation();
  const previous = useRef<{ pathname: string; search: string; hash: string } | null>(null);

  useEffect(() => {
    try {
      if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    } catch {
      // not allowed here
    }
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search, hash: location.hash };

    if (location.hash) {
      const behavior: ScrollBehavior = before && before.pathname === location.pathname && !prefersReducedMotion() ? 'smooth' : 'auto';
      let settle: (() => void) | null = null;
      const go = (target: HTMLElement, how: ScrollBehavior) => target.scrollIntoView?.({ block: 'start', behavior: how });
      const goAgain = () => {
        const again = anchorTarget(location.hash);
        if (again) go(again, 'auto');
      };
      const reach = (target: HTMLElement) => {
        go(target, behavior);
        // Sections are laid out only as they come near the screen (content-visibility), so a smooth
        // scroll aims with estimated heights and may end beside its target: it is put right once the
        // scroll ends.
        settle = behavior === 'smooth' ? afterScrollEnds(goAgain) : untilUserActs(goAgain, ANCHOR_SETTLE_MS);
      };
      const found = anchorTarget(location.hash);
      if (found) {
        reach(found);
        return () => settle?.();
      }
      // Not rendered yet: wait for it.
      const observer = new MutationObserver(() => {
        const target = anchorTarget(location.hash);
        if (!target) return;
        observer.disconnect();
        window.clearTimeout(giveUp);
        reach(target);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      const giveUp = window.setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
      return () => {
        observer.disconnect();
        window.clearTimeout(giveUp);
        settle?.();
      };
    }

    // A change of the query alone (a filter, a page number) stays where it is.
    if (before && before.pathname === location.pathname && before.search !== location.search && !before.hash) return;
    scrollTop();
    return untilUserActs(scrollTop, TOP_TIMERS_MS);
  }, [location.key, location.pathname, location.search, location.hash]);

  return null;
}
