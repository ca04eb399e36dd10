import { RED_FLAGS, type RedFlag } from '@app/shared';
import { useEffect, useRef } from 'react';
import { Button, buttonClass } from '../../../components/ui';

const label = (flag: RedFlag) => RED_FLAGS.find((f) => f.id === flag)?.label ?? flag;

/** What a red flag leads to instead of a request: emergency numbers, plainly, and no visit. */
export function EmergencyNotice({ flags, onBack }: { flags: RedFlag[]; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const selfHarm = flags.includes('self-harm');
  return (
    <section className="visits__emergency" aria-labelledby="emergency-title">
      <h1 id="emergency-title" ref={heading} tabIndex={-1}>
        Call 911 now
      </h1>
      <p>
        You told us you have: <strong>{flags.map(label).join('; ')}</strong>. This may be a medical emergency that needs care in person,
        right away. A virtual visit is not safe for it, so no visit was requested.
      </p>
      <div className="visits__emergency-actions">
        <a className={buttonClass('primary', 'md', false, 'visits__call')} href="tel:911">
          Call 911
        </a>
        {selfHarm && (
          <a className={buttonClass('secondary')} href="tel:988">
            Call or text 988
          </a>
        )}
      </div>
      {selfHarm && (
        <p>
          For thoughts of harming yourself, the <strong>988 Suicide &amp; Crisis Lifeline</strong> is free, confidential and open 24/7: call
          or text 988.
        </p>
      )}
      <p className="muted">Do not drive yourself if you feel faint, confused or short of breath. Stay on the line with the dispatcher.</p>
      <Button variant="secondary" onClick={onBack}>
        I answered by mistake: go back
      </Button>
    </section>
  );
}
