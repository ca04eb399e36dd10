export function Spinner({ label = 'Loading…', size = 'md' }: { label?: string; size?: 'md' | 'lg' }) {
  return (
    <span className="row row--tight">
      <span className={`spinner${size === 'lg' ? ' spinner--lg' : ''}`} aria-hidden="true" />
      <span className={size === 'lg' ? 'sr-only' : undefined}>{label}</span>
    </span>
  );
}
