import {
  addendumSchema,
  fieldErrors,
  messages,
  PRESCRIPTIONS_MAX,
  visitNoteSchema,
  type ClinicianVisit,
  type VisitNote,
} from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextAreaField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { addAddendum, saveNote, signNote } from '../api/clinic';
import { clinicianKeys } from '../api/keys';

type Problems = Record<string, string>;
interface RxDraft {
  drug: string;
  strength: string;
  directions: string;
  quantity: string;
  refills: string;
}
type NoteDraft = Omit<VisitNote, 'prescriptions'> & { prescriptions: RxDraft[] };

const SECTIONS = [
  ['subjective', 'Subjective', 'What the patient reports: history of the present illness, symptoms in their words.'],
  ['objective', 'Objective', 'What you observed or measured: appearance, vitals they reported, photos.'],
  ['assessment', 'Assessment', 'Your diagnosis or differential. The patient reads this in their summary.'],
  ['plan', 'Plan', 'Treatment, advice and when to seek in-person or emergency care. The patient reads this.'],
  ['followUp', 'Follow-up', 'When and how to follow up.'],
] as const;
const RX_FIELDS = [
  ['drug', 'Drug'],
  ['strength', 'Strength'],
  ['directions', 'Directions'],
  ['quantity', 'Quantity'],
] as const;
const emptyRx = (): RxDraft => ({ drug: '', strength: '', directions: '', quantity: '', refills: '0' });

const draftOf = (note: ClinicianVisit['note']): NoteDraft => ({
  subjective: note?.subjective ?? '',
  objective: note?.objective ?? '',
  assessment: note?.assessment ?? '',
  plan: note?.plan ?? '',
  followUp: note?.followUp ?? '',
  prescriptions: (note?.prescriptions ?? []).map((rx) => ({ ...rx, refills: String(rx.refills) })),
});

/** The draft as the server takes it: refills as a number (an empty box is not a number, and the schema says so). */
const noteOf = (draft: NoteDraft) => ({
  ...draft,
  prescriptions: draft.prescriptions.map((rx) => ({ ...rx, refills: rx.refills.trim() === '' ? Number.NaN : Number(rx.refills) })),
});

/** The element id of a field of the note, by its path in the schema ('prescriptions.0.drug'). */
const fieldId = (path: string) => `note-${path.replace(/\./g, '-')}`;

/** The server's per-field messages of a 400 answer, keyed by path. */
function serverErrors(error: unknown): Problems {
  const body = error instanceof ApiError && error.status === 400 ? (error.body as { errors?: unknown } | null) : null;
  return body && typeof body.errors === 'object' && body.errors ? (body.errors as Problems) : {};
}

/** Brings the first field with a message into view and focus, in the form's order. */
function focusFirst(form: HTMLFormElement | null, problems: Problems) {
  if (!form) return;
  const controls = Array.from(form.querySelectorAll<HTMLElement>('input, textarea'));
  const first = controls.find((control) => Object.keys(problems).some((path) => fieldId(path) === control.id));
  first?.focus();
}

/**
 * The note: SOAP sections, follow-up and prescription lines, saved as a draft any number of times and
 * signed once, after a confirmation, which closes the visit. Checked with the server's own schema; the
 * server's per-field messages show next to their fields.
 */
function NoteEditor({ visit }: { visit: ClinicianVisit }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(visit.note));
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState<VisitNote | null>(null);
  const [saved, setSaved] = useState(false);
  const store = (answer: ClinicianVisit) => queryClient.setQueryData(clinicianKeys.visit(answer.id), answer);
  const onFailure = (error: unknown) => {
    const found = serverErrors(error);
    setProblems(found);
    setConfirming(null);
    requestAnimationFrame(() => focusFirst(formRef.current, found));
  };
  const save = useMutation({
    mutationFn: (note: VisitNote) => saveNote(visit.id, note),
    onSuccess: (answer) => {
      store(answer);
      setSaved(true);
    },
    onError: onFailure,
  });
  const sign = useMutation({
    mutationFn: (note: VisitNote) => signNote(visit.id, note),
    onSuccess: (answer) => {
      store(answer);
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.desk });
    },
    onError: onFailure,
  });
  const failure = save.error ?? sign.error;
  const busy = save.isPending || sign.isPending;

  /** The note when it is valid; else null, with every message shown and the first field focused. */
  function checked(): VisitNote | null {
    const result = visitNoteSchema.safeParse(noteOf(draft));
    if (result.success) {
      setProblems({});
      return result.data;
    }
    const found = fieldErrors(result.error);
    setProblems(found);
    focusFirst(formRef.current, found);
    return null;
  }

  function edit(path: string, change: (d: NoteDraft) => NoteDraft) {
    setDraft(change);
    setSaved(false);
    setConfirming(null);
    if (problems[path]) setProblems(({ [path]: _gone, ...rest }) => rest);
  }
  const editRx = (index: number, field: keyof RxDraft, value: string) =>
    edit(`prescriptions.${index}.${field}`, (d) => ({
      ...d,
      prescriptions: d.prescriptions.map((rx, i) => (i === index ? { ...rx, [field]: value } : rx)),
    }));

  function onSave(event: FormEvent) {
    event.preventDefault();
    const note = checked();
    if (note) save.mutate(note);
  }
  function onSign() {
    const note = checked();
    if (note) setConfirming(note);
  }

  return (
    <form ref={formRef} className="stack workspace__note" aria-label="Visit note" noValidate onSubmit={onSave}>
      {SECTIONS.map(([name, label, hint]) => (
        <TextAreaField
          key={name}
          id={fieldId(name)}
          label={label}
          hint={hint}
          rows={name === 'followUp' ? 2 : 4}
          value={draft[name]}
          error={problems[name] ?? null}
          onChange={(e) => {
            const value = e.target.value;
            edit(name, (d) => ({ ...d, [name]: value }));
          }}
        />
      ))}
      <fieldset className="workspace__rx">
        <legend>Prescriptions</legend>
        {draft.prescriptions.length === 0 && <p className="muted">No prescriptions.</p>}
        {problems.prescriptions && <p className="field__error">{problems.prescriptions}</p>}
        {draft.prescriptions.map((rx, index) => (
          <div key={index} className="workspace__rx-line" role="group" aria-label={`Prescription ${index + 1}`}>
            {RX_FIELDS.map(([field, label]) => (
              <TextField
                key={field}
                id={fieldId(`prescriptions.${index}.${field}`)}
                label={label}
                fieldClassName={`workspace__rx-${field}`}
                value={rx[field]}
                error={problems[`prescriptions.${index}.${field}`] ?? null}
                onChange={(e) => editRx(index, field, e.target.value)}
              />
            ))}
            <TextField
              id={fieldId(`prescriptions.${index}.refills`)}
              label="Refills"
              type="number"
              inputMode="numeric"
              min={0}
              max={12}
              fieldClassName="workspace__rx-refills"
              value={rx.refills}
              error={problems[`prescriptions.${index}.refills`] ?? null}
              onChange={(e) => editRx(index, 'refills', e.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="workspace__rx-remove"
              aria-label={`Remove prescription ${index + 1}`}
              onClick={() => {
                setProblems({});
                edit('', (d) => ({ ...d, prescriptions: d.prescriptions.filter((_, i) => i !== index) }));
              }}
            >
              Remove
            </Button>
          </div>
        ))}
        {draft.prescriptions.length < PRESCRIPTIONS_MAX && (
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => edit('', (d) => ({ ...d, prescriptions: [...d.prescriptions, emptyRx()] }))}
            >
              Add prescription
            </Button>
          </div>
        )}
      </fieldset>
      {failure !== null && <Alert tone="error">{failureMessage(failure, messages.genericError)}</Alert>}
      {saved && !failure && <Alert tone="success">{messages.noteDraftSaved}</Alert>}
      {confirming ? (
        <Alert tone="warning" title="A signed note cannot be changed">
          <p>{messages.noteSignConfirm}</p>
          <div className="row">
            <Button onClick={() => sign.mutate(confirming)} busy={sign.isPending} disabled={busy}>
              Sign and close the visit
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Keep editing
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="row workspace__actions">
          <Button type="submit" variant="secondary" busy={save.isPending} disabled={busy}>
            Save draft
          </Button>
          <Button onClick={onSign} disabled={busy}>
            Sign and close
          </Button>
        </div>
      )}
    </form>
  );
}

/** A signed note, read-only, with its addenda and a box to add one. */
function SignedNote({ visit }: { visit: ClinicianVisit }) {
  const queryClient = useQueryClient();
  const note = visit.note;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const amend = useMutation({
    mutationFn: (value: string) => addAddendum(visit.id, value),
    onSuccess: (answer) => {
      queryClient.setQueryData(clinicianKeys.visit(answer.id), answer);
      setText('');
      setAdded(true);
    },
    onError: (error) => setProblem(serverErrors(error).text ?? null),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = addendumSchema.safeParse({ text });
    if (!result.success) {
      setProblem(fieldErrors(result.error).text ?? messages.required);
      return;
    }
    setProblem(null);
    amend.mutate(result.data.text);
  }

  return (
    <div className="stack">
      {visit.signedAt && <p className="workspace__signed">Signed {formatCentral(new Date(visit.signedAt))}</p>}
      {note && (
        <dl className="workspace__read">
          {SECTIONS.map(([name, label]) => (
            <div key={name}>
              <dt>{label}</dt>
              <dd>{note[name] || <span className="muted">Not recorded.</span>}</dd>
            </div>
          ))}
          <div>
            <dt>Prescriptions</dt>
            <dd>
              {note.prescriptions.length === 0 ? (
                'None'
              ) : (
                <ul className="workspace__rx-list">
                  {note.prescriptions.map((rx, index) => (
                    <li key={index}>
                      <strong>
                        {rx.drug} {rx.strength}
                      </strong>
                      : {rx.directions}. Quantity {rx.quantity},{' '}
                      {rx.refills === 0 ? 'no refills' : `${rx.refills} refill${rx.refills > 1 ? 's' : ''}`}.
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      )}
      {visit.addenda.length > 0 && (
        <section aria-labelledby="addenda-title" className="stack">
          <h3 id="addenda-title">Addenda</h3>
          <ol className="workspace__addenda">
            {visit.addenda.map((addendum, index) => (
              <li key={index}>
                <small className="muted">
                  {addendum.author} · {formatCentral(new Date(addendum.addedAt))}
                </small>
                <p>{addendum.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {visit.signedAt && (
        <form className="stack" aria-label="Add addendum" noValidate onSubmit={submit}>
          <TextAreaField
            id="addendum-text"
            label="Add addendum"
            hint="An addendum is dated and signed with your name; the note itself stays as signed."
            rows={3}
            value={text}
            error={problem}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
              setAdded(false);
            }}
          />
          {amend.isError && !problem && <Alert tone="error">{failureMessage(amend.error, messages.genericError)}</Alert>}
          {added && <Alert tone="success">{messages.addendumAdded}</Alert>}
          <div>
            <Button type="submit" variant="secondary" busy={amend.isPending} disabled={amend.isPending}>
              Add addendum
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The note's card: the editor while the visit is open, the signed note after. */
export function NoteCard({ visit }: { visit: ClinicianVisit }) {
  const open = (visit.status === 'claimed' || visit.status === 'in_visit') && !visit.signedAt;
  return (
    <Card title={open ? 'Note' : 'Signed note'} headingId="note-title">
      {open ? <NoteEditor visit={visit} /> : <SignedNote visit={visit} />}
    </Card>
  );
}
