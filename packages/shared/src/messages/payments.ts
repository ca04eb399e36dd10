// What a member and an admin read about a payment after it is made: the card renewals use, receipts and refunds.

export const lastPaymentFailed = "Your last payment didn't go through";
export const pastDueExplained = (amount: string) =>
  `We could not charge ${amount} for your membership. Update your card and we will try again right away.`;
export const cardUpdated = 'Your card is updated. Renewals will use it from now on.';
export const cardUpdatedAndPaid = 'Your card is updated and your membership is paid. Thank you.';
export const cardUpdatedRetryDeclined =
  'Your card is saved, but the renewal charge to it was declined. Please try another card or contact your bank.';
export const cardUpdateNeedsMembership = 'Only a monthly membership has a card on file to update.';
export const cardUpdateInProgress = 'Your card is being updated. Please wait a moment.';

export const receiptNotFound = 'We could not find that payment.';
export const statementYearInvalid = 'Choose a year between 2000 and this year.';
export const statementEmpty = 'There are no payments in that year.';
/** The words of a receipt's and a yearly statement's PDF: what an HSA or FSA administrator asks for. */
export const receiptPdf = {
  receiptTitle: 'Receipt',
  statementTitle: (year: number) => `Payments in ${year}`,
  receiptNumber: 'Receipt number',
  date: 'Date paid',
  patient: 'Patient',
  bought: 'Bought',
  period: 'Period covered',
  clinician: 'Clinician',
  npi: 'NPI',
  amount: 'Amount',
  paidWith: 'Paid with',
  card: (brand: string | null, last4: string) => `${brand ?? 'Card'} ending in ${last4}`,
  refunded: 'Refunded',
  refundOf: (receipt: string) => `Refund of receipt ${receipt}`,
  taxId: (id: string) => `Tax ID (EIN): ${id}`,
  total: 'Total paid',
  noClinicianYet: 'Named here, with their NPI, once a clinician takes the visit.',
  timeZoneNote: 'Dates are US Central Time (America/Chicago).',
  footer: (page: number, pages: number) => `Page ${page} of ${pages}`,
};

export const refundNotRefundable = 'Only a payment that went through can be refunded.';
export const refundTooMuch = (left: string) => `A refund cannot exceed what is left of this payment: ${left}.`;
export const refundAmountInvalid = 'Enter an amount in dollars, more than $0.00, with at most two decimals.';
export const refundReasonRequired = 'Please give a short reason for the refund.';
export const refundInFlight = 'A refund of this payment is being made right now. Please wait for it to finish.';
export const refundFailed = 'The payment gateway refused this refund. Nothing was refunded.';
export const refundDone = (amount: string) => `Refunded ${amount}.`;
