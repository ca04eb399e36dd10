import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUserUpdateSchema } from './admin';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  forgotPasswordSchema,
  isStrongPassword,
  loginSchema,
  passwordRules,
  resendVerificationSchema,
} from './auth';
import { enquiryRequestSchema } from './contact';
import { changePasswordSchema, resetPasswordSchema, withConfirmation } from './new-password';
import { fieldErrors } from './api';
import { messages } from './messages';
import { checkoutFormSchema, choosePlanSchema, subscriptionRequestSchema } from './payment';
import { registrationSchema } from './signup';

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

describe('e-mail', () => {
  afterEach(() => vi.restoreAllMocks());

  // Every schema that takes an e-mail, with the e-mail where it goes.
  const schemas = [
    ['login', loginSchema, (email: string) => ({ email, password: 'x' })],
    ['forgot password', forgotPasswordSchema, (email: string) => ({ email })],
    ['resend verification', resendVerificationSchema, (email: string) => ({ email })],
    ['sign-up', registrationSchema, (email: string) => ({ email })],
    ['enquiry', enquiryRequestSchema, (email: string) => ({ email })],
    ['admin user edit', adminUserUpdateSchema, (email: string) => ({ email })],
    ['choose plan', choosePlanSchema, (email: string) => ({ email })],
    ['checkout form', checkoutFormSchema, (email: string) => ({ email })],
    ['checkout', subscriptionRequestSchema, (email: string) => ({ contact: { email } })],
  ] as const;

  it.each(schemas)('#22 %s: an over-long e-mail stops at the length check; the pattern never reads it', (_name, schema, body) => {
    const read = vi.spyOn(EMAIL_PATTERN, 'test');
    // A dotted domain without its end, the input that makes a backtracking pattern retry every split.
    const crafted = `a@${'.'.repeat(9_990)}@`;
    const result = schema.safeParse(body(crafted));
    expect(result.error?.issues.find((issue) => issue.path.at(-1) === 'email')?.message).toBe(messages.tooLong(EMAIL_MAX));
    expect(read).not.toHaveBeenCalled();
    // The same schema still reads an e-mail that fits.
    schema.safeParse(body('pat@example.com'));
    expect(read).toHaveBeenCalledWith('pat@example.com');
  });

  it('#22 the pattern never backtracks: it is a plain sequence of parts, and each repeated part stops at a character the next cannot take', () => {
    const part = /(\\.|\[(?:\\.|[^\]\\])*\]|[^\\[\]()|^$*+?{}])([*+?]|\{\d+(?:,\d*)?\})?/y;
    const source = EMAIL_PATTERN.source;
    expect(source.startsWith('^') && source.endsWith('$'), source).toBe(true);
    const parts: { atom: string; repeated: boolean }[] = [];
    for (part.lastIndex = 1; part.lastIndex < source.length - 1;) {
      const match = part.exec(source);
      expect(match, `an alternative, a group or a nested repeat at ${part.lastIndex} of ${source}`).not.toBeNull();
      parts.push({ atom: match![1]!, repeated: match![2] !== undefined });
    }
    expect(part.lastIndex).toBe(source.length - 1);
    // Every UTF-16 code unit, against each part's character set.
    const units = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));
    const takes = (atom: string) => {
      const one = new RegExp(`^${atom}$`, EMAIL_PATTERN.flags);
      return new Set(units.filter((unit) => one.test(unit)));
    };
    parts.forEach(({ atom, repeated }, index) => {
      const next = parts[index + 1];
      // The last part is followed by the end, which takes no character.
      if (!repeated || !next) return;
      const following = takes(next.atom);
      const overlap = [...takes(atom)].filter((unit) => following.has(unit));
      expect(overlap.slice(0, 5), `${atom} then ${next.atom}`).toEqual([]);
    });
  });

  it('#22 the pattern answers 100,000-character crafted addresses', () => {
    const n = 100_000;
    for (const crafted of [`a@${'.'.repeat(n)}@`, `a@a${'.a'.repeat(n / 2)}@`, `${'a@'.repeat(n / 2)}`, `a@a.${'a'.repeat(n)} `]) {
      expect(EMAIL_PATTERN.test(crafted)).toBe(false);
    }
    expect(EMAIL_PATTERN.test(`a@a.${'a'.repeat(n)}`)).toBe(true);
  });

  it("keeps its rule: something@something.tld, no spaces, two characters after a dot that is not the domain's first", () => {
    // The rule in plain code, checked against the pattern on every address of up to 7 of these characters.
    const rule = (value: string) => {
      const [local, domain, ...rest] = value.split('@');
      if (!local || domain === undefined || rest.length > 0 || /\s/.test(value)) return false;
      const dot = domain.indexOf('.', 1);
      return dot > 0 && domain.length - dot > 2;
    };
    const alphabet = ['a', '.', '@', ' '];
    let addresses = [''];
    for (let length = 1; length <= 7; length++) {
      addresses = addresses.flatMap((prefix) => alphabet.map((c) => prefix + c));
      for (const address of addresses) expect(EMAIL_PATTERN.test(address), JSON.stringify(address)).toBe(rule(address));
    }
    for (const email of ['pat@example.com', 'a.b+tag@mail.example.co.uk', 'x@.a.bc', 'x@a..bc'])
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    for (const email of ['pat@example.c', 'pat@.com', 'pat@example', 'p at@example.com', 'pat@exa@mple.com']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
    }
  });
});
