import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from './auth';
import { commonPasswordList } from './common-passwords';
import { messages } from './messages';
import { changePasswordSchema, isCommonPassword, newPasswordSchema, passwordBase, resetPasswordSchema } from './new-password';
import { signupFields } from './signup';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('#1 new password length and character classes', () => {
  it('accepts 128 and 256 characters with non-ASCII letters, unchanged', () => {
    const password128 = `Ωmega-${'ñandú'.repeat(24)}1Ä`;
    expect(Array.from(password128)).toHaveLength(128);
    expect(newPasswordSchema.parse(password128)).toBe(password128);
    const password256 = `${password128}${password128}`;
    expect(newPasswordSchema.parse(password256)).toBe(password256);
    expect(firstMessage(newPasswordSchema.safeParse(`${password256}x`))).toBe(messages.passwordTooLong);
  });

  it('counts characters, not UTF-16 units: 256 emoji fit, 7 characters do not', () => {
    expect(newPasswordSchema.safeParse(`Aa1${'😀'.repeat(PASSWORD_MAX - 3)}`).success).toBe(true);
    expect(firstMessage(newPasswordSchema.safeParse('Aa1😀😀😀😀'))).toBe(messages.password);
  });

  it('still needs all four classes', () => {
    expect(firstMessage(newPasswordSchema.safeParse('ñandú-ñandú-1'))).toBe(messages.password);
  });
});

describe('#2 common passwords', () => {
  it('ships the 3,000 most common, most common first', () => {
    const list = commonPasswordList.split('\n');
    expect(list).toHaveLength(3000);
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
  });

  it.each(['Password1234!', 'pAsSwOrD1!', 'Qwerty123!', 'Welcome1!', 'Dragon2024?', 'Iloveyou!1', 'Monkey#99'])(
    'refuses %s, in any case and with any tail of digits and symbols',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      expect(firstMessage(newPasswordSchema.safeParse(password))).toBe(messages.passwordTooCommon);
    },
  );

  it.each(['Str0ng!pass', 'Correct-Horse-7-Battery', 'N3w!passphrase', 'Pass1!word'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(newPasswordSchema.safeParse(password).success).toBe(true);
  });

  it('strips only the tail: letters stay, in any script', () => {
    expect(passwordBase('Password1234!')).toBe('password');
    expect(passwordBase('P4ssword!')).toBe('p4ssword');
    expect(passwordBase('Ünïcode#12')).toBe('ünïcode');
  });

  it('applies on sign-up, reset and password change', () => {
    expect(firstMessage(signupFields.password.safeParse('Password1234!'))).toBe(messages.passwordTooCommon);
    expect(firstMessage(resetPasswordSchema.safeParse({ token: 't', newPassword: 'Password1234!' }))).toBe(messages.passwordTooCommon);
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'Password1234!' }))).toBe(
      messages.passwordTooCommon,
    );
  });
});
