import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SUPPORT_MAILTO } from '../lib/constants';
import { isAccountDeactivatedError, isApiError } from './client';

export const FALLBACK_ERROR_MESSAGE = 'Something is not right... our nerds have been notified!';

function FallbackMessage() {
  return (
    <>
      {FALLBACK_ERROR_MESSAGE}{' '}
      <Anchor href={SUPPORT_MAILTO} inherit>
        Contact Support
      </Anchor>{' '}
      with any questions.
    </>
  );
}

/** The persistent error toast of the catalogue: the server's message, or the fallback with a support link. */
export function showErrorToast(error: unknown): void {
  const detail = isApiError(error) ? error.detail?.trim() : null;
  notifications.show({
    id: `api-error:${detail || 'fallback'}`,
    color: 'danger',
    autoClose: false,
    withCloseButton: true,
    message: detail || <FallbackMessage />,
  });
}

/** Errors that already sent the user elsewhere and need no toast (401 → sign in, deactivated → plan chooser). */
export function isSilentError(error: unknown): boolean {
  return (isApiError(error) && error.status === 401) || isAccountDeactivatedError(error);
}
