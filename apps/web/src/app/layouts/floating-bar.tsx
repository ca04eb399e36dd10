import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon, buttonClass } from '../../components/ui';
import { useSession } from '../../features/auth';
import { CONTACT_SUPPORT } from './nav-items';

/** Pages without the floating bar, with their sub-paths (docs/product.md, Public site). */
const NO_BAR = /^\/(consult|login|profile|health-history|visits|payment|admin|clinic)(\/|$)/i;

export const floatingBarAllowedOn = (pathname: string) => !NO_BAR.test(pathname);

/** The bar hides while more than this share of the home hero is in view. */
const HERO_VISIBLE_RATIO = 0.05;
const HERO_SELECTOR = '[data-hero]';

/**
 * Whether the page's hero ([data-hero], the home page's #home section) is more than 5% in view.
 * The hero may appear after the page's code loads, or be replaced, so the page is watched for it.
 * Until the first measurement the hero counts as in view: prerendered HTML and the first paint of
 * the home page have no bar that would vanish a moment later.
 */
function useHeroInView(pathname: string): boolean {
  const [inView, setInView] = useState<boolean | null>(null);

  useEffect(() => {
    const canObserve = typeof IntersectionObserver !== 'undefined';
    let observed: Element | null = null;
    const intersection = canObserve
      ? new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1];
            if (!entry || entry.target !== observed) return;
            setInView(entry.isIntersecting && entry.intersectionRatio >= HERO_VISIBLE_RATIO);
          },
          { threshold: HERO_VISIBLE_RATIO },
        )
      : null;
    const watch = () => {
      const hero = intersection ? document.querySelector(HERO_SELECTOR) : null;
      if (hero === observed) {
        if (!hero) setInView(false);
        return;
      }
      if (observed) intersection?.unobserve(observed);
      observed = hero;
      if (hero) intersection?.observe(hero);
      else setInView(false);
    };
    const mutations = new MutationObserver(watch);
    mutations.observe(document.body, { childList: true, subtree: true });
    watch();
    return () => {
      mutations.disconnect();
      intersection?.disconnect();
    };
  }, [pathname]);

  return inView ?? true;
}

/** 'Start a Visit' and 'Customer Support', fixed at the bottom of the screen (docs/product.md, Public site). */
export function FloatingBar() {
  const { pathname } = useLocation();
  const session = useSession();
  const heroInView = useHeroInView(pathname);
  if (!floatingBarAllowedOn(pathname) || heroInView) return null;
  return (
    <aside className="floating-bar" aria-label="Quick actions">
      <div className="floating-bar__inner">
        <Link to={session.signedIn ? '/visits/new' : '/consult'} className={buttonClass('primary', 'md', false, 'floating-bar__action')}>
          <Icon name="stethoscope" size={18} />
          Start a Visit
        </Link>
        <Link to={CONTACT_SUPPORT} className={buttonClass('secondary', 'md', false, 'floating-bar__action')}>
          <Icon name="chat" size={18} />
          Customer Support
        </Link>
      </div>
    </aside>
  );
}
