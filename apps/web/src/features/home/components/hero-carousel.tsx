import { useEffect, useState, type FocusEvent } from 'react';
import { Icon } from '../../../components/ui';
import type { HeroSlide } from '../content';
import { useHydrated } from '../hooks';
import { brand } from '../../../lib/brand';

/** docs/product.md, Public site: the carousel advances every 7 s. */
export const CAROUSEL_INTERVAL_MS = 7000;

export interface HeroCarouselProps {
  slides: HeroSlide[];
  intervalMs?: number;
  /** The visitor pressed Pause (shared with the ticker). */
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
}

/**
 * The hero's rotating slides: one at a time, advancing every 7 s with wrap-around, Previous and
 * Next buttons, a Pause/Play button (WCAG 2.2.2), paused while hovered or focused and with fewer
 * than 2 slides. The parent shows a static list instead under reduced motion.
 */
export function HeroCarousel({ slides, intervalMs = CAROUSEL_INTERVAL_MS, paused, onPausedChange }: HeroCarouselProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const rotates = count >= 2;
  const running = rotates && !paused && !hovered && !focused;
  const hydrated = useHydrated();

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, count, intervalMs]);

  const current = count ? Math.min(index, count - 1) : 0;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (!count) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={`What ${brand.name} offers`}
      data-running={running || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the visitor causes them, never while rotating. */}
      <div className="carousel__viewport" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
            data-slide={slide.id}
          >
            <img
              className="carousel__image"
              src={slide.image}
              alt={slide.alt}
              width={400}
              height={300}
              // The prerendered page loads the slide on show lazily (after layout, so that it does not
              // hold up the headline, which is what a visitor waits for); once hydrated, the slide on
              // show and the next one load now, the rest when their turn comes.
              loading={hydrated && (i === current || i === (current + 1) % count) ? 'eager' : 'lazy'}
              decoding="async"
            />
            <div className="carousel__caption">
              <p className="carousel__title">{slide.title}</p>
              <p className="carousel__support">{slide.support}</p>
            </div>
          </div>
        ))}
      </div>
      {rotates && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => go(-1)} aria-label="Previous slide">
            <Icon name="prev" />
          </button>
          <span className="carousel__count" aria-hidden="true">
            {current + 1} / {count}
          </span>
          <button type="button" className="carousel__button" onClick={() => go(1)} aria-label="Next slide">
            <Icon name="next" />
          </button>
          <button
            type="button"
            className="carousel__button carousel__button--pause"
            onClick={() => onPausedChange(!paused)}
            aria-label={paused ? 'Play slides and ticker' : 'Pause slides and ticker'}
          >
            <Icon name={paused ? 'play' : 'pause'} />
          </button>
        </div>
      )}
    </section>
  );
}
