import { messages } from '@app/shared';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Card, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { useHealthHistory } from '../api/health-history';
import { HealthHistoryForm } from '../components/health-history-form';
import healthHistoryCss from './health-history.css?inline';

/**
 * /health-history: the signed-in patient reads and edits their health history; each save is a new
 * version. With ?person=…&name=…, the same for a child they are the guardian of.
 */
export default function HealthHistoryPage() {
  const [params] = useSearchParams();
  const personId = params.get('person') ?? undefined;
  const name = params.get('name');
  const history = useHealthHistory(personId);
  const title = personId && name ? `${name}'s health history` : 'Your health history';
  return (
    <div className="health-history">
      <ChunkStyles name="health-history" css={healthHistoryCss} />
      <PageTitle>{title}</PageTitle>
      <header className="health-history__header">
        <h1>{title}</h1>
        <p className="muted">What our doctors read before a visit. Keep it up to date; each save is kept with its date.</p>
      </header>
      <p>
        <Link to="/profile">Back to your profile</Link>
      </p>
      {history.status === 'pending' && (
        <div className="health-history__loading">
          <Spinner label="Loading your health history…" />
        </div>
      )}
      {history.status === 'error' && (
        <LoadError error={history.error} fallback={messages.healthHistoryLoadFailed} onRetry={() => void history.refetch()} />
      )}
      {history.status === 'success' && (
        <Card>
          <HealthHistoryForm saved={history.data} personId={personId} />
        </Card>
      )}
    </div>
  );
}
