import { messages } from '@app/shared';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '../components/layout/PageTitle';
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

export function RouteError() {
  const error = useRouteError();

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

  let status: number | null = null;
  let detail: string;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = error.statusText || (typeof error.data === 'string' ? error.data : '');
  } else if (error instanceof Error) {
    detail = error.message;
  } else {
    detail = typeof error === 'string' ? error : '';
  }

  return (
    <div className="route-error" role="alert">
      <PageTitle>Something went wrong</PageTitle>
      <h1>{messages.routeErrorHeading}</h1>
      <p className="route-error__detail">
        {status !== null && <strong>{status} </strong>}
        {detail}
      </p>
      <div className="row">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link className={buttonClass('secondary')} to="/">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
