import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui';
import { Footer } from './Footer';
import { GlobalSpinner } from './GlobalSpinner';
import { Navbar } from './Navbar';
import './layout.css';

/** Pages with no navbar or footer at all (spec 2 §2). */
const BARE = /^\/(reset|reset-password|choose-plan)(\/|$)/i;
/** Form pages: no navbar or footer at 900px and below, and the form variant of the navbar above. */
const FORM = /^\/(consult|contact|login|profile|admin)(\/|$)/i;

function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    if (window.location.hash) return;
    try {
      window.scrollTo({ top: 0, left: 0 });
    } catch {
      // not available (tests)
    }
  }, [pathname]);
  return null;
}

export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spinner size="lg" label="Loading page…" />
    </div>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const bare = BARE.test(pathname);
  const form = FORM.test(pathname);
  return (
    <div className={['layout', bare && 'layout--bare', form && 'layout--form'].filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop pathname={pathname} />
      {!bare && <Navbar formVariant={form} />}
      <main id="main" className="layout__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!bare && <Footer />}
      <GlobalSpinner />
    </div>
  );
}
