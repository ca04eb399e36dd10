import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui';

/** What the patient sees once paid: the receipt of this purchase. */
export interface CheckoutReceipt {
  message: string;
  renewal: string | null;
  planTitle: string;
  amount: string;
  card: string;
  email: string;
}

/** The paid state of the checkout: focus moves to its heading, so a screen reader announces it. */
export function CheckoutSuccess({ receipt }: { receipt: CheckoutReceipt }) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="checkout__success">
      <span className="checkout__success-icon" aria-hidden="true">
        ✓
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="checkout__success-title">
        Payment complete
      </h2>
      <p className="checkout__success-message" role="status">
        {receipt.message}
      </p>
      <dl className="checkout__receipt">
        <div>
          <dt>Plan</dt>
          <dd>{receipt.planTitle}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{receipt.amount}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{receipt.card}</dd>
        </div>
        {receipt.renewal && (
          <div>
            <dt>Renews on</dt>
            <dd>{receipt.renewal}</dd>
          </div>
        )}
      </dl>
      <p className="muted">A receipt is on its way to {receipt.email}.</p>
      <div className="row">
        {/* Care is what was bought: seeing a doctor is the next step, the profile the other one. */}
        <Link to="/visits/new" className={buttonClass('primary')}>
          Start a visit
        </Link>
        <Button variant="secondary" onClick={() => void navigate('/profile')}>
          Return to profile
        </Button>
      </div>
    </div>
  );
}
