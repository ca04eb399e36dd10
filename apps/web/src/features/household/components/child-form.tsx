import { CHILD_RELATIONSHIP_LABELS, CHILD_RELATIONSHIPS, CHILD_SEX_LABELS, CHILD_SEXES, childSchema, messages } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, SelectField, TextField } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { useAddChild } from '../api/household';

interface ChildValues {
  firstName: string;
  lastName: string;
  dob: string;
  sex: string;
  relationship: string;
}
const FIELDS = ['firstName', 'lastName', 'dob', 'sex', 'relationship'] as const;

/** One field's message by the rule the server applies. */
function childProblem(name: keyof ChildValues, values: ChildValues): string | null {
  const field = childSchema.shape[name].safeParse(values[name]);
  return field.success ? null : (field.error.issues[0]?.message ?? messages.required);
}

/** "Add a child": a child under 18 whose record the signed-in adult keeps. */
export function ChildForm({ lastName, onDone }: { lastName: string; onDone: (message: string | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const add = useAddChild();
  const [error, setError] = useState<string | null>(null);
  const form = useValidatedForm<ChildValues>({
    initialValues: { firstName: '', lastName, dob: '', sex: '', relationship: '' },
    fieldOrder: FIELDS,
    validateField: childProblem,
    formRef,
    fieldId: (name) => `child-${name}`,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!form.validateAll().ok) return;
    try {
      const added = await add.mutateAsync(childSchema.parse(form.values));
      onDone(added.message);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setServerErrors(serverFieldErrors(failure, FIELDS));
    }
  }

  return (
    <form ref={formRef} className="family__form stack" noValidate onSubmit={(event) => void submit(event)} aria-label={messages.addChild}>
      <h3 className="family__form-title">{messages.addChild}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid-2">
        <TextField {...form.textFieldProps('firstName')} label="First name" autoComplete="off" />
        <TextField {...form.textFieldProps('lastName')} label="Last name" autoComplete="off" />
        <TextField {...form.textFieldProps('dob')} type="date" label="Date of birth" hint="Children under 18." />
        <SelectField
          id="child-sex"
          name="sex"
          label="Sex"
          value={form.values.sex}
          error={form.visibleError('sex')}
          onChange={(event) => form.setField('sex', event.target.value)}
          onBlur={() => form.touch('sex')}
          options={[{ value: '', label: 'Choose' }, ...CHILD_SEXES.map((sex) => ({ value: sex, label: CHILD_SEX_LABELS[sex] }))]}
        />
        <SelectField
          id="child-relationship"
          name="relationship"
          label="Relationship"
          value={form.values.relationship}
          error={form.visibleError('relationship')}
          onChange={(event) => form.setField('relationship', event.target.value)}
          onBlur={() => form.touch('relationship')}
          options={[
            { value: '', label: 'Choose' },
            ...CHILD_RELATIONSHIPS.map((relationship) => ({ value: relationship, label: CHILD_RELATIONSHIP_LABELS[relationship] })),
          ]}
        />
      </div>
      <div className="row">
        <Button type="submit" busy={add.isPending} disabled={add.isPending}>
          {messages.addChild}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)} disabled={add.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
