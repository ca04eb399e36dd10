import { failureMessage } from '../../lib/api-failure';
import { Alert } from './alert';
import { Button } from './button';

/** A section that could not load: the server's message, else the section's own (docs/product.md, Messages), and 'Try again'. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{failureMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
