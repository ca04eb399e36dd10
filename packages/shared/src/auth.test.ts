import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, forgotPasswordSchema, isStrongPassword, loginSchema, passwordRules } from './auth';
import { changePasswordSchema, resetPasswordSchema, withConfirmation } from './new-password';
import { fieldErrors } from './api';
import { messages } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('password rules', () => {
  it.each([
    ['Str0ng!pass', true],
    ['Abcdef1!', true],
    ['Abcde1!', false],
    ['abcdefg1!', false],
    ['ABCDEFG1!', false],
    ['Abcdefgh!', false],
    ['Abcdefgh1', false],
    ['Pass word1', true],
    // #1 any script: non-ASCII letters with case count, and a special is anything but a letter or digit.
    ['Émilie-2024', true],
    ['жизньСчастье7€', true],
    ['ÉMILIE-2024', false],
    ['Zoë1234567', false],
    ['Ab1😀😀😀😀😀', true],
    ['Ab1😀', false],
  ])('%s is strong: %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('lists each rule so the checklist can show it passed or failed', () => {
    expect(passwordRules.map((r) => r.test('abc'))).toEqual([false, false, true, false, false]);
    expect(passwordRules.map((r) => r.test('Abcdef1!'))).toEqual([true, true, true, true, true]);
  });
});

describe('login', () => {
  it.each([
    [{ email: '', password: '' }, messages.loginBothRequired],
    [{ email: '   ', password: 'secret' }, messages.loginBothRequired],
    [{ email: 'a@example.com', password: '   ' }, messages.loginBothRequired],
    [{ email: 'not-an-email', password: 'secret' }, messages.loginEmail],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(loginSchema.safeParse(input))).toBe(message);
  });

  it('#1 takes a password of up to 256 characters, counted as characters, never trimmed', () => {
    const long = 'Ж'.repeat(PASSWORD_MAX - 1) + '😀';
    expect(loginSchema.parse({ email: 'a@example.com', password: long }).password).toBe(long);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@example.com', password: `${long}x` }))).toBe(messages.passwordTooLong);
    expect(loginSchema.parse({ email: 'a@example.com', password: ' Str0ng!pass ' }).password).toBe(' Str0ng!pass ');
  });

  it('trims and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ email: ' Pat@Example.COM ', password: 'x' }).email).toBe('pat@example.com');
  });
});

describe('forgot password', () => {
  it.each([
    ['', messages.forgotEmpty],
    ['  ', messages.forgotEmpty],
    ['pat@', messages.forgotInvalid],
    ['pat@example', messages.forgotInvalid],
  ])('%j → %s', (email, message) => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email }))).toBe(message);
  });
  it('accepts a valid e-mail', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'pat@example.com' }).success).toBe(true);
  });
});

describe('reset password', () => {
  const form = withConfirmation(resetPasswordSchema);
  it('needs a token', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: '', newPassword: 'Str0ng!pass' }))).toBe(messages.resetTokenRequired);
  });
  it('needs a strong password', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: 't', newPassword: 'weak' }))).toBe(messages.password);
  });
  it('needs the confirmation to match', () => {
    const result = form.safeParse({ token: 't', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ confirmPassword: messages.passwordsDoNotMatch });
    expect(form.safeParse({ token: 't', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }).success).toBe(true);
  });
});

describe('password update', () => {
  it('needs the current password and a strong new one', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'Str0ng!pass' }))).toBe(
      messages.currentPasswordRequired,
    );
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'short' }))).toBe(messages.password);
    const confirmed = withConfirmation(changePasswordSchema);
    expect(confirmed.safeParse({ currentPassword: 'x', newPassword: 'Str0ng!pass', confirmPassword: 'other' }).success).toBe(false);
  });
});
