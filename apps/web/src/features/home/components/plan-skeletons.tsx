import { PLAN_ACCENTS } from './plan-accents';

/** The plan cards' places while the plans load; the prerendered home page shows these. */
export function PlanSkeletons() {
  return (
    <div className="plan-grid" aria-busy="true">
      <p className="sr-only" role="status">
        Loading plans…
      </p>
      {PLAN_ACCENTS.map((accent) => (
        <div key={accent} className="plan-tile plan-tile--skeleton" data-accent={accent} aria-hidden="true">
          <span className="skeleton skeleton--badge" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--price" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--button" />
        </div>
      ))}
    </div>
  );
}
