import { describe, expect, it } from 'vitest';
import { messageFromBody, readVerification, statusDefaultMessage } from './api';
import { messages } from './messages';

describe('the shared message choice (docs/product.md, Messages)', () => {
  it('prefers a string body, then message, error, detail, then errors, then raw text', () => {
    expect(messageFromBody('Plain text')).toBe('Plain text');
    expect(messageFromBody({ message: 'M', error: 'E' })).toBe('M');
    expect(messageFromBody({ error: 'E', detail: 'D' })).toBe('E');
    expect(messageFromBody({ detail: 'D' })).toBe('D');
    expect(messageFromBody({ errors: ['a', 'b'] })).toBe('a b');
    expect(messageFromBody({ errors: { email: 'bad e-mail', zip: 'bad zip' } })).toBe('bad e-mail bad zip');
    expect(messageFromBody(null, 'raw')).toBe('raw');
    expect(messageFromBody({})).toBeNull();
  });

  it.each([
    [400, messages.badRequest],
    [401, messages.authFailed],
    [403, messages.accessDenied],
    [404, messages.notFound],
    [500, messages.serverError],
    [418, messages.genericError],
  ])('defaults %i to its message', (status, message) => {
    expect(statusDefaultMessage(status)).toBe(message);
  });

  it('uses the credentials message for a bare 400 at login', () => {
    expect(statusDefaultMessage(400, 'login')).toBe(messages.invalidCredentials);
  });
});

describe('verification info', () => {
  it.each([
    [{ verified: true }, true],
    [{ emailVerified: false }, false],
    [{ isEmailVerified: true }, true],
    [{ emailVerificationStat: 'Complete' }, true],
    [{ emailVerificationStatus: 'pending' }, false],
    [{ verificationStatus: 'incomplete' }, false],
    [{ verificationStatus: 'yes' }, true],
    [{ emailVerificationStat: 'maybe' }, null],
    [{}, null],
  ])('%j → %s', (source, verified) => {
    expect(readVerification(source)).toBe(verified);
  });
});
