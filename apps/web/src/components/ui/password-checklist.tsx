import { passwordRules } from '@app/shared';

/** The live list of password rules, each shown as met or not yet met, announced politely. */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  return (
    <ul className="checklist" id={id} aria-live="polite" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.id} className={`checklist__item${met ? ' checklist__item--met' : ''}`} data-met={met}>
            <span className="checklist__icon" aria-hidden="true">
              {met ? '✓' : ''}
            </span>
            <span>
              {rule.label}
              <span className="sr-only">{met ? ': met' : ': not met yet'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
