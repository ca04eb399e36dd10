import { formatUsd, periodLabel, type Plan, type PlanId } from '@app/shared';
import { useState, type Ref } from 'react';
import './plans.css';

export interface PlanPickerProps {
  plans: Plan[];
  value: PlanId | '';
  onChange: (id: PlanId) => void;
  onBlur?: () => void;
  name?: string;
  legend?: string;
  error?: string | null;
  /** The first radio, to focus the group after a failed submit. */
  firstRadioRef?: Ref<HTMLInputElement>;
}

/** The plans as a radio-card group: title, price, struck-through listed price, offer, details. */
export function PlanPicker({
  plans,
  value,
  onChange,
  onBlur,
  name = 'subscriptionPlan',
  legend = 'Choose your membership plan',
  error,
  firstRadioRef,
}: PlanPickerProps) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const errorId = `${name}-error`;
  return (
    <fieldset className="plan-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="plan-picker__legend">{legend}</legend>
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
      <div className="plan-picker__grid">
        {plans.map((plan, index) => {
          const id = `plan-${plan.id}`;
          const checked = value === plan.id;
          const expanded = !!open[plan.id];
          return (
            <div key={plan.id} className={`plan-card${checked ? ' plan-card--selected' : ''}`} data-accent={index % 3}>
              {plan.offer && <span className="plan-card__badge">{plan.offer}</span>}
              <div className="plan-card__top">
                <input
                  ref={index === 0 ? firstRadioRef : undefined}
                  className="plan-card__radio"
                  type="radio"
                  id={id}
                  name={name}
                  value={plan.id}
                  checked={checked}
                  onChange={() => onChange(plan.id)}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-price ${id}-desc`}
                />
                <label className="plan-card__title" htmlFor={id}>
                  {plan.title}
                </label>
              </div>
              <p className="plan-card__price" id={`${id}-price`}>
                <span className="plan-card__now">
                  <span className="plan-card__amount">{formatUsd(plan.priceCents)}</span>
                  <span className="plan-card__period">{periodLabel(plan)}</span>
                </span>
                {plan.oldPriceCents > plan.priceCents && (
                  <s className="plan-card__old">
                    <span className="sr-only">was</span> {formatUsd(plan.oldPriceCents)}
                  </s>
                )}
              </p>
              <p className="plan-card__desc" id={`${id}-desc`}>
                {plan.description}
              </p>
              <button
                type="button"
                className="btn btn--link plan-card__toggle"
                aria-expanded={expanded}
                aria-controls={`${id}-features`}
                onClick={() => setOpen((o) => ({ ...o, [plan.id]: !o[plan.id] }))}
              >
                {expanded ? 'Hide details' : 'View full details'} <span className="sr-only">of {plan.title}</span>
              </button>
              <ul className="plan-card__features" id={`${id}-features`} hidden={!expanded}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
