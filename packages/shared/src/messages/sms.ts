// Text messages: the SMS gateway and its STOP, START and HELP replies
export const smsHelpReply = (brand: string, phone: string) =>
  `${brand}: visit and account alerts. Msg frequency varies. Msg & data rates may apply. Reply STOP to opt out. Help: ${phone}.`;

// The texts themselves: a nudge and a link, never what a visit is about (no symptom, reason or diagnosis).
export const textDoctorReady = (brand: string, link: string) =>
  `${brand}: Your doctor is ready — open ${brand} to join: ${link} Reply STOP to opt out.`;
export const textVisitMessage = (brand: string, link: string) =>
  `${brand}: You have a new message from your care team. Read it in ${brand}: ${link} Reply STOP to opt out.`;

// The notification preferences on the profile
export const smsNeedsPhone = 'Add your mobile phone number to your details before turning on text messages.';
export const notificationsTitle = 'Notifications';
export const notificationsEmail = 'E-mail: always, for your account and visits';
export const notificationsSmsLabel = 'Text messages (SMS)';
export const notificationsSmsHelp =
  'A text tells you when your doctor is ready or has written to you, never what your visit is about. Reply STOP to any text to turn them off, START to turn them on again, or HELP for help. Msg & data rates may apply.';
export const notificationsSmsOn = 'Text messages are on.';
export const notificationsSmsOff = 'Text messages are off.';
