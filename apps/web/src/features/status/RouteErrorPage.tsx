import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FALLBACK_ERROR_MESSAGE } from '../../api/errorToast';
import { ErrorState } from '../../components/ErrorState';
import { usePageTitle } from '../../layout/usePageTitle';
import { NotFoundPage } from './NotFoundPage';

/** Route error boundary: 404 responses show the not-found page, anything else a reload prompt. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Error');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error)) console.error(error);
  // A chunk that vanished after a deploy fails to import: a reload fetches the new build.
  return (
    <ErrorState
      order={1}
      emoji="🙈"
      title="This page didn't load"
      description={FALLBACK_ERROR_MESSAGE}
      action={{ label: 'Reload', onClick: () => window.location.reload() }}
    />
  );
}
