import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui';
import { useStartVisitPath } from '../../auth';
import { heroSlides, tickerMessages, type HeroSlide } from '../content';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { useHeroVariant } from '../hooks';
import { HeroCarousel } from './hero-carousel';
import { Ticker } from './ticker';
import { brand } from '../../../lib/brand';

/** docs/product.md, Constants: scrolling is locked for 1500 ms after the home page loads. */
const HERO_SCROLL_LOCK_MS = 1500;

/**
 * Holds the page still while the hero settles: wheel and touch scrolling are ignored for 1.5 s.
 * The keyboard is never blocked, and there is no lock under reduced motion or when the address
 * points at a section (/#faq-insurance must scroll there).
 */
function useScrollLock(enabled: boolean) {
  useEffect(() => {
    if (!enabled || window.location.hash) return;
    try {
      if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    } catch {
      // no matchMedia: lock as usual
    }
    const block = (event: Event) => event.preventDefault();
    const options = { passive: false } as const;
    window.addEventListener('wheel', block, options);
    window.addEventListener('touchmove', block, options);
    const release = () => {
      window.removeEventListener('wheel', block);
      window.removeEventListener('touchmove', block);
    };
    const timer = window.setTimeout(release, HERO_SCROLL_LOCK_MS);
    return () => {
      window.clearTimeout(timer);
      release();
    };
  }, [enabled]);
}

function StaticSlides({ slides }: { slides: HeroSlide[] }) {
  return (
    <ul className="hero__static" aria-label={`What ${brand.name} offers`}>
      {slides.map((slide) => (
        <li key={slide.id}>
          <strong>{slide.title}.</strong> {slide.support}
        </li>
      ))}
    </ul>
  );
}

export interface HeroSectionProps {
  slides?: HeroSlide[];
  /** Off in tests that scroll. */
  lockScroll?: boolean;
}

/** The home hero (#home, observed by the floating bar through data-hero). */
export function HeroSection({ slides = heroSlides, lockScroll = true }: HeroSectionProps) {
  const startVisit = useStartVisitPath();
  const variant = useHeroVariant();
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  useScrollLock(lockScroll);

  // null: prerendered HTML, before the browser says; both forms are there and CSS shows one.
  const showCarousel = reduced !== true;
  const showStatic = reduced !== false;
  return (
    <section
      id="home"
      data-hero=""
      data-variant={variant}
      data-motion={reduced === null ? 'auto' : reduced ? 'reduced' : 'full'}
      className={`hero hero--${variant}`}
      aria-labelledby="home-title"
    >
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">24/7 virtual care · All 50 states</p>
          {/* Kept on one line by CSS, not by a non-breaking hyphen: the site's font has no glyph for that. */}
          <h1 id="home-title">
            See a US <span className="nowrap">board-certified</span> doctor in minutes, day or night
          </h1>
          <p className="hero__lead">
            Phone or video visits for everyday illnesses, ongoing conditions and the whole family, with prescriptions sent to your pharmacy
            when your doctor finds them appropriate.
          </p>
          <div className="hero__actions">
            <Link className={buttonClass('primary')} to={startVisit}>
              Start a Visit
            </Link>
            <a className={buttonClass('secondary')} href="#plans">
              Plans
            </a>
          </div>
          <p className="hero__note">
            <strong>Not for emergencies.</strong> If you think you have a medical emergency, call 911.
          </p>
        </div>
        <div className="hero__media">
          {showCarousel && <HeroCarousel slides={slides} paused={paused} onPausedChange={setPaused} />}
          {showStatic && <StaticSlides slides={slides} />}
        </div>
      </div>
      {showCarousel && <Ticker messages={tickerMessages} paused={paused} />}
    </section>
  );
}
