import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { INVALID_EMAIL_DIALOG, isValidEmail } from '@meetwell/domain';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { requestSignInLink, SIGN_IN_LINK_MINUTES } from './api';

/** The request-account form: an address, then a one-time link in that inbox (it creates the account too). */
export function EmailLinkForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (address: string) => requestSignInLink(address),
    meta: { errorToast: false },
    onError: (error) => {
      if (isApiError(error) && error.status === 422)
        setFieldError(error.detail ?? INVALID_EMAIL_DIALOG.message);
    },
  });

  if (request.isSuccess) {
    return (
      <Alert color="brand" variant="light" icon={<IconMailCheck size={20} />} role="status">
        <Text fz="sm">
          Check your inbox: we sent a sign-in link to <strong>{request.variables}</strong>. It works once, for{' '}
          {SIGN_IN_LINK_MINUTES} minutes.
        </Text>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          mt={6}
          onClick={() => {
            request.reset();
            setEmail('');
          }}
        >
          Use another address
        </Anchor>
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setFieldError(INVALID_EMAIL_DIALOG.message);
      return;
    }
    setFieldError(null);
    request.mutate(address);
  };
  // A 422 is shown on the field; anything else (too many requests, the server away) above the button.
  const otherError =
    request.isError && !(isApiError(request.error) && request.error.status === 422) ? request.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          type="email"
          label="Work email"
          placeholder="you@company.com"
          autoComplete="email"
          inputMode="email"
          size="md"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        {otherError && (
          <Alert color="danger" variant="light" role="alert">
            {(isApiError(otherError) && otherError.detail) ||
              "We couldn't send the link right now. Please try again in a moment."}
          </Alert>
        )}
        <Button type="submit" size="md" leftSection={<IconMail size={18} />} loading={request.isPending}>
          Email me a sign-in link
        </Button>
      </Stack>
    </form>
  );
}
