import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../components/layout/PageTitle';
import { Spinner } from '../components/ui';

export const MISSING_CHECKOUT_REDIRECT_MS = 250;

/** Checkout comes in a later issue: with no checkout data, spec 1 §2.12 goes back to the profile. */
export default function PaymentPlaceholder() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/profile', { replace: true }), MISSING_CHECKOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="page-fallback">
      <PageTitle>Secure Checkout</PageTitle>
      <h1 className="sr-only">Secure Checkout</h1>
      <Spinner label="Preparing checkout…" />
    </div>
  );
}
