import type { Config } from '../../config';
import type { Letter } from '../../db/schema';
import type { OutgoingMail } from './repository';

type Brand = Config['brand'];

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The two bodies a message is sent with. */
export interface MailBodies {
  text: string;
  html: string;
}

/** One layout for every message: a plain-text part and a simple, accessible HTML part. */
export function renderLetter(brand: Brand, letter: Letter): MailBodies {
  const footer = `${brand.name} · ${brand.headquarters} · ${brand.supportEmail} · ${brand.supportPhone}`;
  const text = [
    letter.greeting,
    '',
    ...letter.paragraphs.flatMap((p) => [p, '']),
    ...(letter.action ? [`${letter.action.label}: ${letter.action.url}`, ''] : []),
    letter.closing ?? `— The ${brand.name} team`,
    '',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f3f7f9;font-family:Arial,Helvetica,sans-serif;color:#12303d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#0b6e75;margin:0 0 24px">${escapeHtml(brand.name)}</p>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(letter.greeting)}</p>
${letter.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${
  letter.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(letter.action.url)}" style="background:#0b6e75;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(letter.action.label)}</a></p>
<p style="font-size:13px;color:#4a6572;word-break:break-all">If the button does not work, copy this address into your browser: ${escapeHtml(letter.action.url)}</p>`
    : ''
}
<p style="font-size:16px;margin:24px 0 0">${escapeHtml(letter.closing ?? `— The ${brand.name} team`)}</p>
</td></tr></table>
<p style="font-size:12px;color:#4a6572">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
  return { text, html };
}

/** A message as the outbox keeps it: addressed, with its letter; the layout comes when it is sent. */
const compose = ({ to, kind, subject, ...letter }: Pick<OutgoingMail, 'to' | 'kind' | 'subject'> & Letter): OutgoingMail => ({
  to,
  kind,
  subject,
  letter,
});

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

export const mailTemplates = (brand: Brand, appUrl: string) => ({
  verifyEmail: (to: string, firstName: string, token: string) =>
    compose({
      to,
      kind: 'verify-email',
      subject: `Confirm your e-mail for ${brand.name}`,
      greeting: hello(firstName),
      paragraphs: [
        `Thanks for signing up with ${brand.name}. Please confirm your e-mail address so you can sign in and choose your membership.`,
        'This link works once and expires in 24 hours.',
        'If you did not sign up, you can ignore this message.',
      ],
      action: { label: 'Verify my e-mail', url: `${appUrl}/verify-email/${token}` },
    }),
  accountExists: (to: string, firstName: string) =>
    compose({
      to,
      kind: 'account-exists',
      subject: `Someone tried to sign up with your e-mail at ${brand.name}`,
      greeting: hello(firstName),
      paragraphs: [
        'Someone just tried to create a new account with this e-mail address. You already have a verified account, so nothing was changed.',
        'If it was you, simply sign in. If you forgot your password, you can reset it from the sign-in page.',
        `If it was not you, no action is needed. Questions? Write to ${brand.supportEmail}.`,
      ],
      action: { label: 'Sign in', url: `${appUrl}/login` },
    }),
  passwordReset: (to: string, firstName: string, token: string) =>
    compose({
      to,
      kind: 'password-reset',
      subject: `Reset your ${brand.name} password`,
      greeting: hello(firstName),
      paragraphs: [
        'We received a request to reset your password. Use the button below to choose a new one.',
        'This link works once and expires in 60 minutes. If you did not ask for it, ignore this message: your password stays as it is.',
      ],
      action: { label: 'Reset my password', url: `${appUrl}/reset-password?token=${token}` },
    }),
  passwordChanged: (to: string, firstName: string) =>
    compose({
      to,
      kind: 'password-changed',
      subject: `Your ${brand.name} password was changed`,
      greeting: hello(firstName),
      paragraphs: [
        'The password of your account was just changed, and your other sessions were signed out.',
        `If this was not you, reset your password now and contact us at ${brand.supportEmail} or ${brand.supportPhone}.`,
      ],
      action: { label: 'Reset my password', url: `${appUrl}/login` },
    }),
  /**
   * An admin changed the account's e-mail: told to the address it had (`was`) and to the one it has
   * now (`is`). The subject is fixed text and neither letter names the other address.
   */
  emailChanged: (to: string, firstName: string, address: 'was' | 'is') =>
    compose({
      to,
      kind: 'email-changed',
      subject: `The e-mail address of your ${brand.name} account was changed`,
      greeting: hello(firstName),
      paragraphs: [
        address === 'was'
          ? 'Our staff changed the e-mail address of your account: this address no longer signs in to it.'
          : 'Our staff made this the e-mail address of your account: sign in with it from now on.',
        'Links we e-mailed before the change (to reset the password, verify the address or sign in) no longer work.',
        `If you did not ask for this change, contact us at ${brand.supportEmail} or ${brand.supportPhone}.`,
      ],
      action: { label: 'Sign in', url: `${appUrl}/login` },
    }),
  /** A member asked to make this address their account's: the link confirms it; nothing changes until then. */
  confirmEmailChange: (to: string, firstName: string, token: string) =>
    compose({
      to,
      kind: 'confirm-email-change',
      subject: `Confirm the new e-mail of your ${brand.name} account`,
      greeting: hello(firstName),
      paragraphs: [
        `You asked to make this the e-mail address of your ${brand.name} account. Confirm it with the button below: the change takes effect only then, and your other devices are signed out.`,
        'This link works once and expires in 24 hours. If you did not ask for this, ignore this message: nothing changes.',
      ],
      action: { label: 'Confirm my new e-mail', url: `${appUrl}/confirm-email-change/${token}` },
    }),
  /** The member confirmed a new address: told to the one the account had, which no longer signs in. */
  emailChangedByMember: (to: string, firstName: string) =>
    compose({
      to,
      kind: 'email-changed',
      subject: `The e-mail address of your ${brand.name} account was changed`,
      greeting: hello(firstName),
      paragraphs: [
        'The e-mail address of your account was just changed from your profile: this address no longer signs in to it, and your other devices were signed out.',
        `If you did not make this change, contact us at once at ${brand.supportEmail} or ${brand.supportPhone}.`,
      ],
    }),
  /** Someone asked to move their account to this address, which already has one: nothing changed, and the owner hears of it. */
  emailChangeToTakenAddress: (to: string, firstName: string) =>
    compose({
      to,
      kind: 'email-change-refused',
      subject: `Someone tried to use your e-mail at ${brand.name}`,
      greeting: hello(firstName),
      paragraphs: [
        'Someone signed in to another account just asked to change its e-mail address to this one. This address already belongs to your account, so nothing was changed.',
        `If this was you, no action is needed. Questions? Write to ${brand.supportEmail}.`,
      ],
    }),
  /** The member's data download is ready, behind a signed link that works for them alone until it expires. */
  dataExportReady: (to: string, firstName: string, url: string, expiresAt: string) =>
    compose({
      to,
      kind: 'data-export-ready',
      subject: `Your ${brand.name} data is ready to download`,
      greeting: hello(firstName),
      paragraphs: [
        'The copy of your data you asked for is ready: your profile, health history, visits and their summaries, messages, payments, consents and sign-in history, in one archive.',
        `Sign in to download it. The link works for your account only, until ${expiresAt}.`,
        `If you did not ask for this, change your password and contact us at ${brand.supportEmail}.`,
      ],
      action: { label: 'Download my data', url },
    }),
  /** The account was deleted at its owner's request: the last message to the address. */
  accountDeleted: (to: string, firstName: string) =>
    compose({
      to,
      kind: 'account-deleted',
      subject: `Your ${brand.name} account is deleted`,
      greeting: hello(firstName),
      paragraphs: [
        'Your account was deleted as you asked. Your membership ended with no further charge, and you are signed out everywhere.',
        'Your medical record and payment records are kept for 7 years, sealed, as our Terms say; everything else was erased. You can register again with this address at any time.',
        `If you did not ask for this, contact us at once at ${brand.supportEmail} or ${brand.supportPhone}.`,
      ],
    }),
  /** The second step of a staff sign-in: to the admin dashboard, or to the clinic for a clinician. */
  adminMagicLink: (to: string, firstName: string, token: string, desk: 'admin' | 'clinic') =>
    compose({
      to,
      kind: 'admin-login',
      subject: `Your ${brand.name} ${desk} sign-in link`,
      greeting: hello(firstName),
      paragraphs: [
        `Use the button below to finish signing in to ${desk === 'admin' ? 'the admin dashboard' : 'the clinic'}.`,
        'This link works once and expires in 15 minutes. If you did not try to sign in, change your password now.',
      ],
      action: { label: 'Finish signing in', url: `${appUrl}/verify-admin-login/${token}${desk === 'clinic' ? '?for=clinic' : ''}` },
    }),
  /** An admin's invitation to a new clinician: the link sets the password they will sign in with. */
  clinicianInvitation: (to: string, firstName: string, token: string) =>
    compose({
      to,
      kind: 'clinician-invite',
      subject: `You're invited to the ${brand.name} clinic`,
      greeting: hello(firstName),
      paragraphs: [
        `An administrator of ${brand.name} invited you to see patients as a clinician. Use the button below to choose your password.`,
        'This link works once and expires in 7 days. After that, ask an administrator to send a new one.',
        `If you did not expect this invitation, you can ignore this message or write to ${brand.supportEmail}.`,
      ],
      action: { label: 'Set my password', url: `${appUrl}/clinic/welcome?token=${token}` },
    }),
  /** An admin's invitation to a new admin: the link sets the password; sign-in then adds an e-mailed link, as for every admin. */
  adminInvitation: (to: string, firstName: string, token: string) =>
    compose({
      to,
      kind: 'admin-invite',
      subject: `You're invited to the ${brand.name} admin dashboard`,
      greeting: hello(firstName),
      paragraphs: [
        `An administrator of ${brand.name} invited you to run the service as an administrator. Use the button below to choose your password.`,
        'This link works once and expires in 7 days. After that, ask an administrator to send a new one.',
        `If you did not expect this invitation, you can ignore this message or write to ${brand.supportEmail}.`,
      ],
      action: { label: 'Set my password', url: `${appUrl}/admin/welcome?token=${token}` },
    }),
  /** An invitation to join a family membership; with `forOwnRecord`, a child who turned 18 takes their record into a login of their own. */
  householdInvitation: (to: string, holderName: string, token: string, forOwnRecord: boolean) =>
    compose({
      to,
      kind: 'household-invite',
      subject: `${holderName} invited you to their ${brand.name} family`,
      greeting: 'Hello,',
      paragraphs: [
        forOwnRecord
          ? `${holderName} invites you to create your own ${brand.name} login. Your visits and health history move with you, and only you see them from then on.`
          : `${holderName} invites you to join their ${brand.name} family membership. You get your own login, your own visits and your own health history, which only you see.`,
        'This link works once and expires in 7 days. After that, ask for a new one.',
        `If you did not expect this invitation, you can ignore this message or write to ${brand.supportEmail}.`,
      ],
      action: { label: 'Accept the invitation', url: `${appUrl}/household/join?token=${token}` },
    }),
  receipt: (
    to: string,
    firstName: string,
    r: { planTitle: string; amount: string; date: string; card: string; reference: string; renewsOn: string | null },
  ) =>
    compose({
      to,
      kind: 'receipt',
      subject: `Your ${brand.name} receipt: ${r.planTitle}`,
      greeting: hello(firstName),
      paragraphs: [
        `Thank you. We received your payment of ${r.amount} for ${r.planTitle} on ${r.date}, charged to ${r.card}.`,
        r.renewsOn ? `Your membership renews automatically on ${r.renewsOn}.` : 'This is a one-time payment; nothing will renew.',
        `Payment reference: ${r.reference}. Keep this e-mail for your records.`,
      ],
      action: { label: 'Go to my profile', url: `${appUrl}/profile` },
    }),
  /**
   * The receipt e-mail of a visit paid for by itself. Its subject names no service (a subject is
   * shown in a lock screen's preview and kept unsealed in the outbox); the body and the receipt do.
   */
  visitReceipt: (to: string, firstName: string, r: { bought: string; amount: string; date: string; card: string; reference: string }) =>
    compose({
      to,
      kind: 'receipt',
      subject: `Your ${brand.name} receipt for a visit`,
      greeting: hello(firstName),
      paragraphs: [
        `Thank you. We received your payment of ${r.amount} for one ${r.bought} on ${r.date}, charged to ${r.card}. This is a one-time payment; nothing will renew.`,
        'The receipt attached names your clinician and their NPI once a clinician takes your visit. Download it again then from your payment history, for your HSA or FSA.',
        `Payment reference: ${r.reference}. Keep this e-mail for your records.`,
      ],
      action: { label: 'See my payments', url: `${appUrl}/profile` },
    }),
  refundIssued: (to: string, firstName: string, r: { amount: string; bought: string; paidOn: string; receipt: string; card: string }) =>
    compose({
      to,
      kind: 'refund',
      subject: `Your ${brand.name} refund of ${r.amount}`,
      greeting: hello(firstName),
      paragraphs: [
        `We refunded ${r.amount} of your payment for ${r.bought} made on ${r.paidOn} (receipt ${r.receipt}) to ${r.card}.`,
        'Your bank may take 5 to 10 business days to show it on your statement. The refund and its receipt are in your payment history.',
        `Questions? Write to ${brand.supportEmail} or call ${brand.supportPhone}.`,
      ],
      action: { label: 'See my payments', url: `${appUrl}/profile` },
    }),
  renewalDeclined: (to: string, firstName: string, r: { planTitle: string; amount: string; retryOn: string }) =>
    compose({
      to,
      kind: 'renewal-declined',
      subject: `We couldn't renew your ${brand.name} membership`,
      greeting: hello(firstName),
      paragraphs: [
        `Your card was declined when we tried to charge ${r.amount} for ${r.planTitle}. Your membership is now past due.`,
        `We will try again on ${r.retryOn}. To keep your care uninterrupted, update your card from your profile before then.`,
        `Questions? Write to ${brand.supportEmail} or call ${brand.supportPhone}.`,
      ],
      action: { label: 'Update my payment', url: `${appUrl}/profile` },
    }),
  membershipExpired: (to: string, firstName: string, r: { planTitle: string }) =>
    compose({
      to,
      kind: 'membership-expired',
      subject: `Your ${brand.name} membership has ended`,
      greeting: hello(firstName),
      paragraphs: [
        `We tried several times to renew ${r.planTitle}, but your card was declined each time, so your membership has ended.`,
        'You can start a new membership from your profile at any time.',
      ],
      action: { label: 'Choose a plan', url: `${appUrl}/profile` },
    }),
  cancellationConfirmed: (to: string, firstName: string, r: { planTitle: string; summary: string }) =>
    compose({
      to,
      kind: 'cancellation-confirmed',
      subject: `Your ${brand.name} membership is cancelled`,
      greeting: hello(firstName),
      paragraphs: [
        `We received your cancellation of ${r.planTitle}. ${r.summary}`,
        'Changed your mind? Choose "Keep my membership" on your profile any time before it ends.',
      ],
      action: { label: 'Go to my profile', url: `${appUrl}/profile` },
    }),
  /** The yearly reminder of an automatic renewal's terms and how to cancel it online. */
  membershipReminder: (to: string, firstName: string, r: { planTitle: string; terms: string }) =>
    compose({
      to,
      kind: 'membership-reminder',
      subject: `A yearly reminder about your ${brand.name} membership`,
      greeting: hello(firstName),
      paragraphs: [
        `You are a member of ${brand.name} on ${r.planTitle}. ${r.terms}`,
        'To cancel, sign in, open your profile and choose "Cancel membership": it takes two clicks, and we show what it will cost before you confirm.',
      ],
      action: { label: 'Manage my membership', url: `${appUrl}/profile` },
    }),
  /** A doctor took the patient's request: no health details, only the way back to the visit. */
  doctorReady: (to: string, firstName: string, visitId: string) =>
    compose({
      to,
      kind: 'doctor-ready',
      subject: `Your ${brand.name} doctor is ready`,
      greeting: hello(firstName),
      paragraphs: [
        'A doctor has accepted your visit request and is getting ready to meet you.',
        'Open your visit to see who it is and to join. Keep your phone close: for a phone visit the doctor calls the number you gave.',
      ],
      action: { label: 'Open my visit', url: `${appUrl}/visits/${visitId}` },
    }),
  /** The care team's answer to an enquiry from the contact page, written by an admin in the console. */
  enquiryReply: (to: string, fullName: string, body: string) =>
    compose({
      to,
      kind: 'enquiry-reply',
      subject: `Your question to ${brand.name}`,
      greeting: hello(fullName),
      paragraphs: [...body.split(/\n{2,}/), `You can reply to this e-mail or write to ${brand.supportEmail}.`],
    }),
  enquiry: (to: string, e: { fullName: string; email: string; phone: string; message: string; location: string }) =>
    compose({
      to,
      kind: 'enquiry',
      subject: `New enquiry from ${e.fullName}`,
      greeting: 'Hello support team,',
      paragraphs: [
        `${e.fullName} sent an enquiry from the contact page.`,
        `E-mail: ${e.email} · Phone: ${e.phone} · Location: ${e.location}`,
        e.message,
      ],
      closing: 'Please reply within one business day.',
    }),
});

export type MailTemplates = ReturnType<typeof mailTemplates>;

/** A time on a development page, in UTC to the second. */
export const devTime = (date: Date) =>
  `<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 19).replace('T', ' ')} UTC</time>`;

/** A development page (the dev mailbox, the dev texts): inline styles only, which the site's CSP allows, and no script. */
export const devPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#12303d;background:#f3f7f9;margin:0;padding:24px}
main{max-width:1100px;margin:0 auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #d5e1e6;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:16px}
dt{font-weight:bold}
iframe{width:100%;height:70vh;border:1px solid #d5e1e6;background:#fff;resize:vertical}
pre{white-space:pre-wrap;background:#fff;padding:16px;border:1px solid #d5e1e6}
a{color:#0b6e75}
</style></head>
<body><main>${body}</main></body></html>`;
