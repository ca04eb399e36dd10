import { messages } from '@app/shared';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../components/layout/page-title';
import { Button, buttonClass } from '../components/ui';

/** A lazy route whose script could not be fetched (a new deployment, a dropped connection). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * Shows what went wrong instead of the part of the app that failed to render (or whose code failed
 * to load). RootLayout keeps one around each page, remounted with the page, so the navbar and footer
 * stay and the next page starts clean; App keeps one around everything.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <div className="route-error" role="alert">
        <PageTitle>Please reload</PageTitle>
        <h1>{messages.chunkLoadFailed}</h1>
        <p>Part of the site could not be loaded. This can happen after an update or when the connection drops.</p>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    );
  }

  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : '';

  return (
    <div className="route-error" role="alert">
      <PageTitle>Something went wrong</PageTitle>
      <h1>{messages.routeErrorHeading}</h1>
      <p className="route-error__detail">{detail}</p>
      <div className="row">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link className={buttonClass('secondary')} to="/">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
