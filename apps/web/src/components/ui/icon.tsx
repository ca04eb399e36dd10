/** The names of the symbols in icons.svg (whose ids are these with an "icon-" prefix, apart from page anchors). */
export type IconName =
  | 'stethoscope'
  | 'tooth'
  | 'women'
  | 'ear'
  | 'wind'
  | 'child'
  | 'badge'
  | 'home'
  | 'clock'
  | 'shield'
  | 'phone'
  | 'video'
  | 'check'
  | 'pill'
  | 'user-plus'
  | 'list'
  | 'calendar'
  | 'quote'
  | 'arrow'
  | 'chevron'
  | 'prev'
  | 'next'
  | 'pause'
  | 'play'
  | 'alert'
  | 'mail'
  | 'pin'
  | 'chat'
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'twitter';

/**
 * A decorative line icon from the sprite icons.svg, which every page carries inline (instead of
 * SVG paths in the JavaScript). It takes the text colour; give meaning with visible text.
 */
export function Icon({ name, className, size = 24 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg
      className={['icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      // Inherited by the symbol's shapes (a sprite's own root attributes do not carry over).
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
