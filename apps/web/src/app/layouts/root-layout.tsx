import { Suspense, lazy, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui';
import { RouteErrorBoundary } from '../route-error';
import { GeoPending, useGeoStatus } from '../../features/geo';

import { useServerChatConfig } from './chat';
import { CompactHeader } from './compact-header';
import { FloatingBar, floatingBarAllowedOn } from './floating-bar';
import { Footer } from './footer';
import { GlobalSpinner } from './global-spinner';
import { Navbar } from './navbar';
import { ScrollManager } from './scroll-manager';
import './layout.css';

// Rarely needed at first paint, so kept out of the home page's first script.
const BlockedPage = lazy(() => import('../../features/geo/components/blocked-page').then((m) => ({ default: m.BlockedPage })));
// Fetched only when the server configures a widget: by default there is none.
const ChatWidget = lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget })));

/** Pages with no navbar or footer at all (docs/product.md, Public site). */
const BARE = /^\/(reset|reset-password|choose-plan)(\/|$)/i;
/**
 * Form pages: the form variant of the navbar, and no navbar or footer at 900px and below (a signed-in
 * person gets the compact header there instead). The width
 * rule is CSS (layout.css), not rendering: the prerendered HTML and the app then agree at any width,
 * and the page is not rendered again when the app takes over.
 */
const FORM = /^\/(consult|contact|login|profile|admin|clinic)(\/|$)/i;

/** The operator's console: a frame of its own, with its own navigation and main region (decision 070). */
const CONSOLE = /^\/admin(\/|$)/i;

/** Which parts of the frame a page shows (docs/product.md, Public site). */
export function frameFor(pathname: string) {
  const bare = BARE.test(pathname);
  const console = CONSOLE.test(pathname);
  return { bare, console, form: !console && FORM.test(pathname), chrome: !bare && !console };
}

function PageFallback() {
  return (
    <div className="page-fallback">
      <Spinner size="lg" label="Loading page…" />
    </div>
  );
}

/**
 * Whether the visitor has moved to another page since this one loaded. The first page does not fade
 * in: it is already on screen (prerendered), and a fade would only hold back its first paint.
 */
function useHasNavigated(pathname: string) {
  const [firstPathname] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPathname) setNavigated(true);
  return navigated || pathname !== firstPathname;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const navigated = useHasNavigated(pathname);
  const { bare, console, form, chrome } = frameFor(pathname);
  const geoStatus = useGeoStatus();
  const chatConfig = useServerChatConfig();
  const pending = geoStatus === 'pending';
  const blocked = geoStatus === 'blocked';
  return (
    <>
      <div
        className={['layout', bare && 'layout--bare', form && 'layout--form'].filter(Boolean).join(' ')}
        inert={pending}
        aria-hidden={pending || undefined}
      >
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <ScrollManager />
        {form && <CompactHeader />}
        {chrome && <Navbar formVariant={form} />}
        {console && !blocked ? (
          // The console draws its own navigation beside its own <main>.
          <Suspense fallback={<PageFallback />}>
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          </Suspense>
        ) : (
          <main id="main" className="layout__main" tabIndex={-1}>
            {blocked ? (
              <Suspense fallback={<PageFallback />}>
                <BlockedPage />
              </Suspense>
            ) : (
              <Suspense fallback={<PageFallback />}>
                {/* A new page fades in (instantly with reduced motion). */}
                <div key={pathname} className={navigated ? 'page-transition' : undefined}>
                  <RouteErrorBoundary>
                    <Outlet />
                  </RouteErrorBoundary>
                </div>
              </Suspense>
            )}
          </main>
        )}
        {chrome && <Footer />}
        {!pending && !blocked && !console && floatingBarAllowedOn(pathname) && <FloatingBar />}
      </div>
      <GlobalSpinner />
      {pending && <GeoPending />}
      {chatConfig && !console && (
        <Suspense fallback={null}>
          <ChatWidget config={chatConfig} />
        </Suspense>
      )}
    </>
  );
}
