import { useState, type ChangeEvent, type RefObject } from 'react';
import { ApiError } from './api-client';

/** The fields of V that hold free text (not a narrower union such as a plan id), so any typed string fits. */
type TextFieldName<V> = { [K in keyof V]: V[K] extends string ? (string extends V[K] ? K : never) : never }[keyof V];

type FieldErrors<Name extends PropertyKey> = Partial<Record<Name, string>>;

export interface ValidatedFormOptions<V extends object> {
  initialValues: V | (() => V);
  /** Form order: a failed submit focuses the first invalid field in this order. */
  fieldOrder: readonly (keyof V)[];
  /** One field's message, or null when it is valid. Gets all values so fields can depend on each other. */
  validateField: (name: keyof V, values: V) => string | null;
  /** The form element; a failed submit looks for the field to focus inside it. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The element id of a field's control. */
  fieldId: (name: keyof V) => string;
  /** The element to focus for a field when its control is not found by id (e.g. a radio group). */
  focusTarget?: (form: HTMLFormElement, name: keyof V) => HTMLElement | null;
}

export interface ValidatedForm<V extends object> {
  values: V;
  /** Sets one value and drops the server's message for that field, which no longer describes it. */
  setField: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Marks a field touched, so its message shows from now on. */
  touch: (name: keyof V) => void;
  /** The message to show: the server's, else the field's own once it was touched or a submit failed. */
  visibleError: (name: keyof V) => string | null;
  /** The common props of a text control (TextField, TextAreaField, PasswordField) bound to a field. */
  textFieldProps: (name: TextFieldName<V> & string) => {
    id: string;
    name: string;
    value: string;
    error: string | null;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    onBlur: () => void;
  };
  /**
   * Call on submit. Marks the form submitted so every message shows; when a field is invalid it also
   * touches all fields and focuses the first invalid one.
   */
  validateAll: () => { ok: boolean; firstInvalidField: keyof V | null };
  /**
   * Shows the server's per-field messages (a 400 answer), each until its field is edited, and brings
   * the first of them (in form order) into view.
   */
  setServerErrors: (errors: FieldErrors<keyof V>) => void;
  /** Back to a fresh form with these values (after a successful submit). */
  reset: (values: V) => void;
}

/**
 * Values, touched state and messages of a form validated field by field. Messages are computed from
 * the current values on every render, but stay hidden until the field is touched or a submit fails,
 * so nobody is told off for a field they have not reached yet.
 */
export function useValidatedForm<V extends object>(options: ValidatedFormOptions<V>): ValidatedForm<V> {
  const { fieldOrder, validateField, formRef, fieldId, focusTarget } = options;
  const [values, setValues] = useState<V>(options.initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<keyof V>>({});

  const errors = new Map(fieldOrder.map((name) => [name, validateField(name, values)]));
  const visibleError = (name: keyof V) => serverErrors[name] ?? (touched[name] || submitted ? (errors.get(name) ?? null) : null);

  function setField<K extends keyof V>(name: K, value: V[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }

  const touch = (name: keyof V) => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));

  function focusField(name: keyof V) {
    const form = formRef.current;
    if (!form) return;
    const target = focusTarget?.(form, name) ?? form.querySelector<HTMLElement>(`#${fieldId(name)}`);
    if (!target) return;
    // Centred, so that a sticky header never hides the field and its message.
    target.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    target.focus({ preventScroll: true });
  }

  function showServerErrors(found: FieldErrors<keyof V>) {
    setServerErrors(found);
    const first = fieldOrder.find((name) => found[name]);
    if (first !== undefined) focusField(first);
  }

  function validateAll() {
    setSubmitted(true);
    const firstInvalidField = fieldOrder.find((name) => errors.get(name)) ?? null;
    if (firstInvalidField !== null) {
      setTouched(Object.fromEntries(fieldOrder.map((name) => [name, true])) as Partial<Record<keyof V, boolean>>);
      focusField(firstInvalidField);
    }
    return { ok: firstInvalidField === null, firstInvalidField };
  }

  const textFieldProps = (name: TextFieldName<V> & string) => ({
    id: fieldId(name),
    name,
    value: values[name] as string,
    error: visibleError(name),
    // Only free-text fields get here (see TextFieldName), so the typed string is a valid value.
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(name, event.target.value as V[typeof name]),
    onBlur: () => touch(name),
  });

  function reset(next: V) {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }

  return { values, setField, touch, visibleError, textFieldProps, validateAll, setServerErrors: showServerErrors, reset };
}

/** The per-field messages of a 400 answer (`errors` by field name), keeping only this form's fields. */
export function serverFieldErrors<Name extends string>(error: unknown, fields: readonly Name[]): Partial<Record<Name, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Partial<Record<Name, string>> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value === 'string' && (fields as readonly string[]).includes(key)) out[key as Name] = value;
  }
  return out;
}
