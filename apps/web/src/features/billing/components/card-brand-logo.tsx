import type { CardBrand } from '@app/shared';
import './card-logo.css';

export const CARD_BRANDS: readonly CardBrand[] = ['Visa', 'Mastercard', 'American Express', 'Discover'];

/** Reads a stored brand name ('visa', 'AMEX', 'MasterCard') as one of the four brands. */
export function toCardBrand(value: string | null | undefined): CardBrand | null {
  const v = value
    ?.trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (!v) return null;
  if (v === 'visa') return 'Visa';
  if (v === 'mastercard' || v === 'mc') return 'Mastercard';
  if (v === 'americanexpress' || v === 'amex') return 'American Express';
  if (v === 'discover') return 'Discover';
  return null;
}

/** The brand marks, drawn here (no third-party assets): simple, recognisable, 48 × 32. */
function Mark({ brand }: { brand: CardBrand }) {
  switch (brand) {
    case 'Visa':
      return (
        <>
          <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill="#fff" stroke="#d6e0ea" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="14"
            fontStyle="italic"
            fontWeight="900"
            fill="#1a1f71"
            letterSpacing="0.5"
          >
            VISA
          </text>
          <rect x="8" y="24" width="32" height="2" rx="1" fill="#f7b600" />
        </>
      );
    case 'Mastercard':
      return (
        <>
          <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill="#fff" stroke="#d6e0ea" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path d="M24 8.52A9 9 0 0 1 24 23.48A9 9 0 0 1 24 8.52Z" fill="#ff5f00" />
        </>
      );
    case 'American Express':
      return (
        <>
          <rect width="48" height="32" rx="5" fill="#016fd0" />
          <rect x="5" y="10" width="38" height="12" rx="1.5" fill="none" stroke="#fff" strokeWidth="1" opacity="0.55" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="9.5"
            fontWeight="900"
            fill="#fff"
            letterSpacing="0.6"
          >
            AMEX
          </text>
        </>
      );
    case 'Discover':
      return (
        <>
          <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill="#fff" stroke="#d6e0ea" />
          <path d="M20 31.5H43a4.5 4.5 0 0 0 4.5-4.5V17C40 25 30 30 20 31.5Z" fill="#f48120" />
          <text x="5" y="17.5" fontFamily="Arial, Helvetica, sans-serif" fontSize="7.6" fontWeight="800" fill="#231f20" letterSpacing="0.2">
            DISC
          </text>
          <circle cx="28.6" cy="14.8" r="3.6" fill="#f48120" />
          <text x="32.6" y="17.5" fontFamily="Arial, Helvetica, sans-serif" fontSize="7.6" fontWeight="800" fill="#231f20">
            VER
          </text>
        </>
      );
  }
}

export function CardBrandLogo({ brand, className, decorative = false }: { brand: CardBrand; className?: string; decorative?: boolean }) {
  return (
    <svg
      className={['card-logo', className].filter(Boolean).join(' ')}
      viewBox="0 0 48 32"
      width="48"
      height="32"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : brand}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
    >
      <Mark brand={brand} />
    </svg>
  );
}

/** A generic card outline, for numbers whose brand is not known yet. */
export function GenericCardIcon({ className }: { className?: string }) {
  return (
    <svg
      className={['card-logo', className].filter(Boolean).join(' ')}
      viewBox="0 0 48 32"
      width="48"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.75" y="0.75" width="46.5" height="30.5" rx="4.5" fill="#f7fafc" stroke="#6b7b8e" strokeWidth="1.5" />
      <rect x="0.75" y="7" width="46.5" height="5" fill="#6b7b8e" />
      <rect x="6" y="19" width="14" height="3" rx="1.5" fill="#6b7b8e" />
    </svg>
  );
}

export function LockIcon({ className }: { className?: string }) {
  return (
    <svg
      className={['lock-icon', className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <rect x="4" y="10" width="16" height="11" rx="2.5" fill="currentColor" />
      <circle cx="12" cy="15" r="1.6" fill="#fff" />
      <path d="M12 16v2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function ShieldIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 2.5 4 5.5v6c0 5 3.4 8.9 8 10 4.6-1.1 8-5 8-10v-6l-8-3Z" fill="currentColor" />
      <path d="m8.5 12 2.4 2.4 4.6-4.8" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
