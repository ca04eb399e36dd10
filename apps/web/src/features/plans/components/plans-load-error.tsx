import { messages } from '@app/shared';
import { Alert, Button } from '../../../components/ui';

/** The plans could not be loaded: say so and offer another try (the same wherever plans are listed). */
export function PlansLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{messages.plansLoadFailed}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
