// Text messages: the SMS gateway and its STOP, START and HELP replies
export const smsHelpReply = (brand: string, phone: string) =>
  `${brand}: visit and account alerts. Msg frequency varies. Msg & data rates may apply. Reply STOP to opt out. Help: ${phone}.`;
