// Visits: requests, the waiting room, the clinicians' queue, notes and the record
export const visitState = 'Please choose the US state you are in right now.';
export const visitService = 'Please choose what brings you in.';
export const visitSince = 'Please choose when this started.';
export const visitMode = 'Please choose how you would like to meet.';
export const telehealthConsentRequired = 'Please agree to receive care by telehealth to continue.';
export const redFlagEmergency =
  'Your symptoms may need emergency care. Call 911 now, or 988 for thoughts of harming yourself. No visit was requested.';
export const noClinicianInState = (phone: string) =>
  `We don't have a doctor licensed in that state yet, so we can't start a visit there. Please call us at ${phone} and we'll help you find care.`;
export const visitNeedsMembership =
  'A visit needs a membership, a one-time visit or a payment for this visit. Pay for it below, or choose a plan.';
export const visitPaid = 'Payment processed successfully. Your visit is paid for.';
/** On the request form, when the chosen service's visit is paid for already and no visit holds it. */
export const visitPaidAlready = (purchase: string) =>
  `Your ${purchase.toLowerCase()} is paid for already: this request uses it, with no new charge.`;
export const visitAlreadyOpen = 'You already have a visit request open. Go to it, or cancel it before starting another.';
export const visitNotFound = 'We could not find that visit.';
// The member's visits in the operator's console
export const memberNotFound = 'No account has this id.';
export const memberVisitsKeptRecord =
  'This account was deleted: its visits are kept with its sealed records, which are read with a reason through the kept record.';
export const memberVisitsLoadFailed = 'Failed to load the visits.';
export const noMemberVisits = 'No visits yet.';
export const visitNotCancellable = 'This visit can no longer be cancelled: a doctor has already started it.';
export const visitAlreadyClaimed = 'Another clinician has already claimed this request.';
export const visitOutsideLicence = "You aren't licensed in the state this patient is in.";
export const visitNotOpen = 'This visit is closed: nothing more can be added to it.';
export const noteAlreadySigned = 'This note is signed: it cannot be changed, only amended with an addendum.';
export const noteNotSigned = 'An addendum can only be added to a signed note.';
export const releaseReasonRequired = 'Please say why you are handing this request back.';
export const clinicianNotOnDuty = 'Go on duty to claim requests.';
export const visitPhotoType = 'The photo must be a JPEG or PNG image.';
export const visitPhotoEmpty = 'The photo is empty: please choose another file.';
export const visitPhotoTooLarge = 'The photo must be 10 MB or smaller.';
export const visitPhotoNotFound = 'We could not find that photo.';
export const visitPhotoAlt = (from: 'patient' | 'clinician') =>
  from === 'patient' ? 'Photo sent by the patient' : 'Photo sent by the clinician';
export const visitSummaryNotSigned = 'This visit has no signed summary yet: it can be downloaded once the clinician signs it.';
/** The words of a visit summary's PDF, the patient's copy of the record. */
export const visitSummaryPdf = {
  title: 'Visit summary',
  support: (phone: string) => `Questions? Call us at ${phone}, day or night.`,
  patient: 'Patient',
  dateOfBirth: 'Date of birth',
  visitTime: 'Date and time',
  timeZoneNote: 'Times are US Central Time (America/Chicago).',
  service: 'Service',
  mode: 'How you met',
  state: 'Where you were',
  clinician: 'Clinician',
  npi: 'NPI',
  reason: 'Reason for visit',
  assessment: 'Assessment',
  plan: 'Plan',
  prescriptions: 'Prescriptions',
  noPrescriptions: 'No prescriptions.',
  refills: (count: number) => (count === 1 ? '1 refill' : `${count} refills`),
  quantity: 'Quantity',
  sentTo: 'Sent to',
  followUp: 'Follow-up',
  addenda: 'Addenda',
  addedBy: (author: string, at: string) => `Added by ${author}, ${at}`,
  signed: (at: string) => `Signed ${at}`,
  notRecorded: 'Not recorded.',
  footer: (page: number, pages: number) => `Kept in your record for 7 years · Page ${page} of ${pages}`,
};
/** The clinic's queue and visit workspace. */
export const clinicQueueOffDuty = 'Go on duty to see and claim requests.';
export const clinicQueueEmpty = 'No requests are waiting in your states. New ones appear here by themselves.';
export const clinicDeskEmpty = 'You hold no visits, and closed none lately.';
export const clinicPatientCancelled = 'The patient cancelled this request.';
export const clinicVisitReleased = 'The request is back in the queue.';
export const noKnownAllergies = 'No known allergies';
export const noteDraftSaved = 'Draft saved.';
export const noteSignConfirm =
  'A signed note cannot be changed: later corrections are added as addenda. Sign the note and close this visit?';
export const addendumAdded = 'Addendum added.';
