import { messages } from '@app/shared';
import { Link } from 'react-router';
import { buttonClass, Card } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { useHealthHistory } from '../api/health-history';

/** The profile's way to the health history, with whether it is filled in and when it was last saved. */
export function HealthHistoryCard() {
  const history = useHealthHistory();
  const savedAt = history.data?.savedAt;
  const status =
    history.status === 'pending'
      ? 'Loading…'
      : history.status === 'error'
        ? messages.healthHistoryLoadFailed
        : savedAt
          ? `Updated ${formatCentral(new Date(savedAt))}`
          : messages.healthHistoryNotFilled;
  return (
    <Card title="Health history" headingId="health-history-card-title">
      <div className="stack">
        <p className="muted">{status}</p>
        <div>
          <Link to="/health-history" className={buttonClass('secondary')}>
            Your health history
          </Link>
        </div>
      </div>
    </Card>
  );
}
