import { messages } from '@app/shared';
import { useState } from 'react';
import { Alert, Button, Card, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { useNotificationPreferences, useSaveSmsPreference } from '../api/notifications';

const failure = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : messages.genericError);

/** How the member hears from us: e-mail always, texts when they turn them on (STOP and HELP work too). */
export function NotificationsCard() {
  const preferences = useNotificationPreferences();
  const save = useSaveSmsPreference();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function toggle(sms: boolean) {
    setNotice(null);
    save.mutate(sms, {
      onSuccess: (saved) => setNotice({ tone: 'success', text: saved.sms ? messages.notificationsSmsOn : messages.notificationsSmsOff }),
      onError: (error) => setNotice({ tone: 'error', text: failure(error) }),
    });
  }

  return (
    <Card title={messages.notificationsTitle} headingId="notifications-title">
      <div className="stack">
        <p>{messages.notificationsEmail}</p>
        {preferences.status === 'pending' && <Spinner label="Loading your notifications…" />}
        {preferences.status === 'error' && (
          <Alert tone="error">
            <p>{messages.genericError}</p>
            <Button variant="secondary" size="sm" onClick={() => void preferences.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {preferences.data && (
          <div className="checkbox__row">
            <input
              id="notifications-sms"
              type="checkbox"
              role="switch"
              className="checkbox__input"
              checked={preferences.data.sms}
              disabled={save.isPending}
              aria-describedby="notifications-sms-help"
              onChange={(event) => toggle(event.currentTarget.checked)}
            />
            <label className="checkbox__label" htmlFor="notifications-sms">
              {messages.notificationsSmsLabel}
            </label>
          </div>
        )}
        <p className="muted" id="notifications-sms-help">
          {messages.notificationsSmsHelp}
        </p>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>
    </Card>
  );
}
