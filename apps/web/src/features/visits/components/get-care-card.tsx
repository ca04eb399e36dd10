import { isActiveStatus, OPEN_VISIT_STATUSES, type UserProfile } from '@app/shared';
import { Link } from 'react-router';
import { buttonClass, Card } from '../../../components/ui';
import { useMyVisits } from '../api/visits';

const isOpen = (status: string) => (OPEN_VISIT_STATUSES as readonly string[]).includes(status);

/** The profile's first panel: the way to a doctor now, or back to the visit under way. */
export function GetCareCard({ profile }: { profile: UserProfile }) {
  const member = isActiveStatus(profile.subscriptionStatus);
  const visits = useMyVisits();
  const open = visits.data?.find((visit) => isOpen(visit.status));
  return (
    <Card title="Get care now" headingId="get-care-title" className="get-care">
      <div className="stack">
        {open ? (
          <p>You have a visit request open. Go back to it to see where it stands.</p>
        ) : member ? (
          <p>See a licensed US doctor by video, phone or message, day or night. Most requests are taken within minutes.</p>
        ) : (
          <p>Choose a membership below, or a one-time visit, to see a doctor.</p>
        )}
        <div className="row">
          {open ? (
            <Link to={`/visits/${open.id}`} className={buttonClass('primary')}>
              Return to your visit
            </Link>
          ) : (
            member && (
              <Link to="/visits/new" className={buttonClass('primary')}>
                Request a visit
              </Link>
            )
          )}
          <Link to="/visits" className={buttonClass('secondary')}>
            Your visits
          </Link>
        </div>
      </div>
    </Card>
  );
}
