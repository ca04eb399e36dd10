import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import './form-page.css';

export interface FormPageProps {
  title: ReactNode;
  intro?: ReactNode;
  /** Shown beside the form on wide screens. */
  aside?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/**
 * The form layout: a centred card. On small screens the site navbar is hidden on form pages, so a
 * plain text brand link (no logo) leads home.
 */
export function FormPage({ title, intro, aside, width = 'narrow', children }: FormPageProps) {
  return (
    <div className={`form-page form-page--${width}`}>
      <div className="form-page__brand">
        <Link to="/">{brand.name}</Link>
      </div>
      <div className={`form-page__inner${aside ? ' form-page__inner--split' : ''}`}>
        {aside && <aside className="form-page__aside">{aside}</aside>}
        <div className="form-page__card">
          <header className="form-page__header">
            <h1>{title}</h1>
            {intro && <div className="form-page__intro">{intro}</div>}
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}

/** The reassurance panel beside sign-in and sign-up. */
export function TrustPanel({ heading, points }: { heading: string; points: string[] }) {
  return (
    <div className="trust-panel">
      <p className="trust-panel__eyebrow">{brand.name}</p>
      <h2 className="trust-panel__heading">{heading}</h2>
      <ul className="trust-panel__list">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className="trust-panel__note">In an emergency, call 911.</p>
    </div>
  );
}
