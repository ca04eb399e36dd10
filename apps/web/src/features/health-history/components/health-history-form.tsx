import { messages, type HealthHistoryAnswer } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, PhoneField, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { ApiError } from '../../../lib/api-client';
import { formatCentral } from '../../../lib/format';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useSaveHealthHistory } from '../api/health-history';
import {
  checkHealthHistory,
  formFieldOf,
  HEALTH_HISTORY_FIELDS,
  messageFor,
  toFormValues,
  type HealthHistoryField,
  type HealthHistoryFormValues,
  type HealthHistoryList,
} from '../health-history-values';
import { EntryList } from './entry-list';

/** The id of the control a message's path names: 'medications.0.name' → 'health-medications-0-name'. */
const controlId = (path: string) => `health-${path.replaceAll('.', '-')}`;
const PHARMACY_IDS = { pharmacyName: 'pharmacy-name', pharmacyPhone: 'pharmacy-phone', pharmacyAddress: 'pharmacy-address' } as const;
const fieldId = (name: HealthHistoryField) =>
  name in PHARMACY_IDS ? `health-${PHARMACY_IDS[name as keyof typeof PHARMACY_IDS]}` : controlId(name);

/** The per-path messages of a 400 answer, as the server named them. */
function serverPathErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The health history form: lists with add and remove, "No known allergies", the pharmacy; Save keeps the patient on the page. */
export function HealthHistoryForm({ saved, personId }: { saved: HealthHistoryAnswer; personId?: string | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [savedNotice, setSavedNotice] = useState(false);
  const save = useSaveHealthHistory(personId);
  /** The messages by path of the last failed submit, for focusing its faulty control. */
  const pathErrors = useRef<Record<string, string>>({});
  const form = useValidatedForm<HealthHistoryFormValues>({
    initialValues: () => toFormValues(saved.history),
    fieldOrder: HEALTH_HISTORY_FIELDS,
    validateField: (name, values) => messageFor(checkHealthHistory(values).errors, name),
    formRef,
    fieldId,
    // A list's first faulty control, from the messages' paths (their markers are not rendered yet).
    focusTarget: (element, name) => {
      const path = Object.keys(pathErrors.current).find((p) => formFieldOf(p) === name && p.includes('.'));
      return (
        element.querySelector<HTMLElement>(`#${path ? controlId(path) : fieldId(name)}`) ??
        element.querySelector<HTMLElement>(`#${fieldId(name)} button`)
      );
    },
  });
  const { values } = form;
  const check = checkHealthHistory(values);

  function setField<K extends HealthHistoryField>(name: K, value: HealthHistoryFormValues[K]) {
    form.setField(name, value);
    setServerErrors({});
    setSavedNotice(false);
  }

  /** A control's message once its list or field shows messages: the form's own, else the server's. */
  const messageAt = (field: HealthHistoryField, path: string) =>
    form.visibleError(field) ? (check.errors[path] ?? serverErrors[path] ?? null) : null;
  /** The message about a list as a whole, or the server's when no control of the list carries it. */
  const listMessage = (list: HealthHistoryList) => {
    const shown = form.visibleError(list);
    if (!shown) return null;
    const own = check.errors[list] ?? serverErrors[list];
    if (own) return own;
    const onAControl = Object.keys({ ...check.errors, ...serverErrors }).some((p) => p.startsWith(`${list}.`));
    return onAControl ? null : shown;
  };
  const entryText = (list: 'allergies' | 'conditions', label: string) => (text: string, index: number, update: (next: string) => void) => (
    <TextField
      id={controlId(`${list}.${index}`)}
      label={`${label} ${index + 1}`}
      value={text}
      error={messageAt(list, `${list}.${index}`)}
      onChange={(event) => update(event.target.value)}
      onBlur={() => form.touch(list)}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setSavedNotice(false);
    pathErrors.current = check.errors;
    if (!form.validateAll().ok || !check.ok) return;
    save.mutate(check.history, {
      onSuccess: (answer) => {
        form.reset(toFormValues(answer.history));
        setSavedNotice(true);
      },
      onError: (error) => {
        const errors = serverPathErrors(error);
        setServerErrors(errors);
        pathErrors.current = errors;
        const byField: Partial<Record<HealthHistoryField, string>> = {};
        for (const [path, message] of Object.entries(errors)) {
          const field = formFieldOf(path);
          if (field) byField[field] ??= message;
        }
        form.setServerErrors(byField);
      },
    });
  }

  const savedAt = save.data?.savedAt ?? saved.savedAt;
  return (
    <form ref={formRef} className="health-history__form stack stack--lg" noValidate onSubmit={submit} aria-label="Your health history">
      {savedNotice && <Alert tone="success">{messages.healthHistorySaved}</Alert>}
      {save.isError && <Alert tone="error">{failureMessage(save.error, messages.healthHistorySaveFailed)}</Alert>}
      <p className="muted">{savedAt ? `Updated ${formatCentral(new Date(savedAt))}` : messages.healthHistoryNotFilled}</p>

      <section className="health-history__section stack" aria-labelledby="allergies-title">
        <h2 id="allergies-title">Allergies</h2>
        <Checkbox
          id="health-no-known-allergies"
          label="No known allergies"
          checked={values.noKnownAllergies}
          onChange={(event) => {
            setField('noKnownAllergies', event.target.checked);
            if (event.target.checked) setField('allergies', []);
          }}
        />
        <EntryList
          id={fieldId('allergies')}
          legend="Allergies"
          entryName="allergy"
          entries={values.allergies}
          blank=""
          disabled={values.noKnownAllergies}
          emptyText={values.noKnownAllergies ? 'No known allergies.' : 'No allergies listed.'}
          error={listMessage('allergies')}
          onChange={(next) => setField('allergies', next)}
          renderEntry={entryText('allergies', 'Allergy')}
        />
      </section>

      <section className="health-history__section stack" aria-labelledby="medications-title">
        <h2 id="medications-title">Current medications</h2>
        <EntryList
          id={fieldId('medications')}
          legend="Medications"
          entryName="medication"
          entries={values.medications}
          blank={{ name: '', dose: '' }}
          emptyText="No medications listed."
          error={listMessage('medications')}
          onChange={(next) => setField('medications', next)}
          renderEntry={(medication, index, update) => (
            <>
              <TextField
                id={controlId(`medications.${index}.name`)}
                label={`Medication ${index + 1}`}
                value={medication.name}
                error={messageAt('medications', `medications.${index}.name`)}
                onChange={(event) => update({ ...medication, name: event.target.value })}
                onBlur={() => form.touch('medications')}
              />
              <TextField
                id={controlId(`medications.${index}.dose`)}
                label="Dose and how often"
                optional
                placeholder="10 mg once a day"
                value={medication.dose}
                error={messageAt('medications', `medications.${index}.dose`)}
                onChange={(event) => update({ ...medication, dose: event.target.value })}
                onBlur={() => form.touch('medications')}
              />
            </>
          )}
        />
      </section>

      <section className="health-history__section stack" aria-labelledby="conditions-title">
        <h2 id="conditions-title">Conditions</h2>
        <EntryList
          id={fieldId('conditions')}
          legend="Conditions"
          entryName="condition"
          entries={values.conditions}
          blank=""
          emptyText="No conditions listed."
          error={listMessage('conditions')}
          onChange={(next) => setField('conditions', next)}
          renderEntry={entryText('conditions', 'Condition')}
        />
      </section>

      <section className="health-history__section stack" aria-labelledby="surgeries-title">
        <h2 id="surgeries-title">Past surgeries</h2>
        <EntryList
          id={fieldId('surgeries')}
          legend="Surgeries"
          entryName="surgery"
          entries={values.surgeries}
          blank={{ name: '', year: '' }}
          emptyText="No surgeries listed."
          error={listMessage('surgeries')}
          onChange={(next) => setField('surgeries', next)}
          renderEntry={(surgery, index, update) => (
            <>
              <TextField
                id={controlId(`surgeries.${index}.name`)}
                label={`Surgery ${index + 1}`}
                value={surgery.name}
                error={messageAt('surgeries', `surgeries.${index}.name`)}
                onChange={(event) => update({ ...surgery, name: event.target.value })}
                onBlur={() => form.touch('surgeries')}
              />
              <TextField
                id={controlId(`surgeries.${index}.year`)}
                label="Year"
                inputMode="numeric"
                maxLength={4}
                value={surgery.year}
                error={messageAt('surgeries', `surgeries.${index}.year`)}
                onChange={(event) => update({ ...surgery, year: event.target.value })}
                onBlur={() => form.touch('surgeries')}
              />
            </>
          )}
        />
      </section>

      <section className="health-history__section stack" aria-labelledby="pharmacy-title">
        <h2 id="pharmacy-title">Preferred pharmacy</h2>
        <TextField {...form.textFieldProps('pharmacyName')} label="Pharmacy name" autoComplete="off" />
        <PhoneField
          id={fieldId('pharmacyPhone')}
          name="pharmacyPhone"
          label="Pharmacy phone"
          autoComplete="off"
          value={values.pharmacyPhone}
          error={form.visibleError('pharmacyPhone')}
          onDigitsChange={(digits) => setField('pharmacyPhone', digits)}
          onBlur={() => form.touch('pharmacyPhone')}
        />
        <TextField {...form.textFieldProps('pharmacyAddress')} label="Pharmacy address" optional autoComplete="off" />
      </section>

      <div className="row">
        <Button type="submit" disabled={save.isPending} busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
