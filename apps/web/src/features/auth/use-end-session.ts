import { messages } from '@app/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSessionLocally, setLoginFlash } from './session';

/**
 * The one answer to a session that has ended (any call answered 401): the stored session is
 * cleared and the visitor goes to sign in with 'Your session has expired…'. The flash is also
 * stored, because the route guard reacts to the cleared session and may redirect first, without
 * navigation state.
 */
export function useEndSession(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessionLocally();
    setLoginFlash(messages.sessionExpired, 'warning');
    void navigate('/login', { replace: true, state: { flash: { message: messages.sessionExpired, tone: 'warning' } } });
  }, [navigate]);
}
