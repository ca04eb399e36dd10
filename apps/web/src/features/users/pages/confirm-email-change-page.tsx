import { messages } from '@app/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { useSession } from '../../auth';
import { confirmEmailChange } from '../api/change-email';

type Phase = { name: 'ready' } | { name: 'confirming' } | { name: 'done'; message: string } | { name: 'failed'; message: string };

/**
 * The new address's link. Opening it changes nothing (mail scanners open links): the address becomes the
 * account's when the person presses the button.
 */
export default function ConfirmEmailChangePage() {
  const { token = '' } = useParams();
  const session = useSession();
  const [phase, setPhase] = useState<Phase>(token ? { name: 'ready' } : { name: 'failed', message: messages.emailChangeTokenMissing });

  async function confirm() {
    setPhase({ name: 'confirming' });
    try {
      setPhase({ name: 'done', message: (await confirmEmailChange(token)).message });
    } catch (error) {
      setPhase({ name: 'failed', message: failureMessage(error, messages.emailChangeTokenInvalid) });
    }
  }

  const onward = session.signedIn ? (
    <Link className={buttonClass('secondary', 'md', true)} to="/profile">
      Back to my profile
    </Link>
  ) : (
    <Link className={buttonClass('secondary', 'md', true)} to="/login">
      Sign in
    </Link>
  );

  return (
    <FormPage title="Confirm your new e-mail" intro={<p>Make this address the one you sign in with and receive our messages at.</p>}>
      <PageTitle>Confirm your new e-mail</PageTitle>
      <div className="stack" aria-live="polite">
        {(phase.name === 'ready' || phase.name === 'confirming') && (
          <Button block onClick={confirm} disabled={phase.name === 'confirming'} busy={phase.name === 'confirming'}>
            {phase.name === 'confirming' ? 'Confirming...' : 'Confirm my new e-mail'}
          </Button>
        )}
        {phase.name === 'done' && <Alert tone="success">{phase.message}</Alert>}
        {phase.name === 'failed' && <Alert tone="error">{phase.message}</Alert>}
        {(phase.name === 'done' || phase.name === 'failed') && onward}
      </div>
    </FormPage>
  );
}
