import {
  formatPhone,
  messages,
  US_CENTRAL,
  usStateName,
  VISIT_MODE_LABELS,
  VISIT_SERVICE_LABELS,
  type PatientVisit,
  type VisitNote,
} from '@app/shared';
import { finishPdf, PDF_INK as INK, PDF_MUTED as MUTED, startPdf, toWinAnsi } from '../../lib/pdf';

const words = messages.visitSummaryPdf;

/** What a visit summary's PDF shows: a visit whose note is signed, its patient and the brand. */
export interface VisitSummaryContent {
  brand: { name: string; supportPhone: string };
  patient: { firstName: string; lastName: string; dob: string | null };
  visit: PatientVisit & { summary: NonNullable<PatientVisit['summary']>; clinician: NonNullable<PatientVisit['clinician']> };
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: US_CENTRAL,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const at = (iso: string) => timeFormat.format(new Date(iso));
// A date of birth is a calendar day, not an instant: read in UTC so no time zone moves it.
const birthDate = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(day));

/** The patient's copy of a signed visit summary, as a US Letter PDF with numbered pages. */
export function renderVisitSummaryPdf({ brand, patient, visit }: VisitSummaryContent): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: words.title, Author: brand.name });
  const write = (text: string, font: 'Helvetica' | 'Helvetica-Bold', size: number, color = INK) =>
    doc.font(font).fontSize(size).fillColor(color).text(toWinAnsi(text));
  const heading = (text: string) => {
    doc.moveDown(0.8);
    write(text, 'Helvetica-Bold', 13);
    doc.moveDown(0.2);
  };
  const field = (label: string, value: string) => {
    write(label, 'Helvetica-Bold', 9, MUTED);
    write(value, 'Helvetica', 11);
    doc.moveDown(0.4);
  };
  const paragraph = (text: string) => write(text.trim() || words.notRecorded, 'Helvetica', 11);

  const prescriptions = (lines: VisitNote['prescriptions'], pharmacy: VisitSummaryContent['visit']['summary']['pharmacy']) => {
    if (lines.length === 0) {
      paragraph(words.noPrescriptions);
      return;
    }
    for (const line of lines) {
      write(`${line.drug} ${line.strength}`, 'Helvetica-Bold', 11);
      write(
        `${line.directions.replace(/\.+$/, '')}. ${words.quantity}: ${line.quantity}. ${words.refills(line.refills)}.`,
        'Helvetica',
        11,
      );
      doc.moveDown(0.3);
    }
    if (pharmacy) field(words.sentTo, `${pharmacy.name}, ${formatPhone(pharmacy.phone)}, ${pharmacy.address}`);
  };

  const { summary, clinician } = visit;
  write(brand.name, 'Helvetica-Bold', 16);
  write(words.support(brand.supportPhone), 'Helvetica', 9, MUTED);
  doc.moveDown(0.8);
  write(words.title, 'Helvetica-Bold', 20);
  doc.moveDown(0.5);

  field(words.patient, `${patient.firstName} ${patient.lastName}`);
  field(words.dateOfBirth, patient.dob ? birthDate(patient.dob) : words.notRecorded);
  field(words.visitTime, `${at(visit.startedAt ?? visit.requestedAt)}. ${words.timeZoneNote}`);
  field(words.service, VISIT_SERVICE_LABELS[visit.service]);
  field(words.mode, VISIT_MODE_LABELS[visit.mode]);
  field(words.state, usStateName(visit.state));
  field(words.clinician, `${clinician.name} · ${words.npi} ${clinician.npi}`);

  heading(words.reason);
  paragraph(visit.symptoms);
  heading(words.assessment);
  paragraph(summary.note.assessment);
  heading(words.plan);
  paragraph(summary.note.plan);
  heading(words.prescriptions);
  prescriptions(summary.note.prescriptions, summary.pharmacy);
  heading(words.followUp);
  paragraph(summary.note.followUp);
  if (summary.addenda.length > 0) {
    heading(words.addenda);
    for (const addendum of summary.addenda) {
      write(words.addedBy(addendum.author, at(addendum.addedAt)), 'Helvetica-Bold', 9, MUTED);
      paragraph(addendum.text);
      doc.moveDown(0.4);
    }
  }
  doc.moveDown(0.8);
  write(words.signed(at(summary.signedAt)), 'Helvetica', 10, MUTED);

  finishPdf(doc, words.footer);
  return done;
}
