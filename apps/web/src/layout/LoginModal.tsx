import { Alert, Anchor, Button, Divider, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME, signInErrorMessage, TRIAL_DAYS } from '@meetwell/domain';
import {
  IconBrandGoogleFilled,
  IconBrandWindowsFilled,
  IconKey,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStartDemo } from '../features/sign-in/api';
import { EmailLinkForm } from '../features/sign-in/EmailLinkForm';
import { browser } from '../lib/browser';
import { browserTimeZone } from '../lib/timezone';
import { signInUrl, useAuthProviders } from '../session/authProviders';
import { useLoginModal } from './useLoginModal';

export { APP_HOME } from './navigation';

/**
 * 'Log in / Sign up': single sign-on (Google, Microsoft, another issuer), a sign-in link by e-mail (which also
 * requests the account), and the demo, each when the server offers it.
 */
export function LoginModal() {
  const { opened, close } = useLoginModal();
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Log in / Sign up"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      radius="lg"
      padding="xl"
      styles={{ title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {opened && <LoginOptions />}
    </Modal>
  );
}

function LoginOptions() {
  const providers = useAuthProviders();
  const [params] = useSearchParams();
  const failure = signInErrorMessage(params.get('error'));
  const go = (url: string) => browser.assign(signInUrl(url, browserTimeZone()));
  const data = providers.data;
  const singleSignOn = Boolean(data?.google || data?.microsoft || data?.oidc);
  const nothingEnabled = data && !singleSignOn && !data.emailEnabled && !data.demoEnabled;
  const intro = loginIntro(data, singleSignOn);

  return (
    <Stack gap="md">
      <Text c="dimmed">
        {intro && `${intro} `}New to {PRODUCT_NAME}? Signing in starts your {TRIAL_DAYS}-day free trial. No
        credit card required.
      </Text>

      {failure && (
        <Alert color="danger" variant="light" title="We couldn't sign you in" role="alert">
          {failure}
        </Alert>
      )}

      {providers.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={42} radius="md" />
          <Skeleton height={42} radius="md" />
        </Stack>
      )}

      {providers.isError && (
        <Alert color="danger" variant="light" title="Sign-in is unavailable right now">
          We couldn't reach the server. Please try again in a moment.
        </Alert>
      )}

      {nothingEnabled && (
        <Alert color="warning" variant="light" title="No sign-in method is configured">
          This server has no Google, Microsoft or e-mail sign-in set up yet.
        </Alert>
      )}

      {data?.google && (
        <SignInButton
          icon={<IconBrandGoogleFilled size={18} color="#4285F4" />}
          label="Continue with Google"
          onClick={() => data.google && go(data.google.url)}
        />
      )}
      {data?.microsoft && (
        <SignInButton
          icon={<IconBrandWindowsFilled size={18} color="#00A4EF" />}
          label="Continue with Microsoft"
          onClick={() => data.microsoft && go(data.microsoft.url)}
        />
      )}

      {data?.oidc && (
        <SignInButton
          icon={<IconKey size={18} />}
          label={`Continue with ${data.oidc.name ?? 'single sign-on'}`}
          onClick={() => data.oidc && go(data.oidc.url)}
        />
      )}

      {data?.emailEnabled && (
        <>
          {singleSignOn && <Divider label="or" labelPosition="center" />}
          <EmailLinkForm />
        </>
      )}

      {data?.demoEnabled && (
        <>
          {(singleSignOn || data.emailEnabled) && <Divider label="or" labelPosition="center" />}
          <DemoButton />
        </>
      )}

      <Text fz="xs" c="dimmed" ta="center">
        By continuing you agree to our{' '}
        <Anchor component={Link} to="/terms" inherit>
          Terms
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to="/privacy" inherit>
          Privacy policy
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** The intro's first sentence, said once the server has told which ways in it offers. */
function loginIntro(data: { emailEnabled: boolean } | undefined, singleSignOn: boolean): string | null {
  if (!data) return null;
  if (singleSignOn && data.emailEnabled) {
    return 'Sign in with the account that holds your work calendar, or with a link we email you.';
  }
  if (data.emailEnabled) return "Enter your work email and we'll send you a link that signs you in.";
  return singleSignOn ? 'Sign in with the account that holds your work calendar.' : null;
}

/** A single sign-on provider's button. */
function SignInButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <Button size="md" variant="default" leftSection={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Try the demo: a demo account of one's own, no sign-up. */
function DemoButton() {
  const demo = useStartDemo();
  return (
    <>
      <Button
        size="md"
        variant="light"
        leftSection={<IconPlayerPlayFilled size={16} />}
        loading={demo.isPending}
        onClick={() => demo.mutate()}
      >
        Try the demo
      </Button>
      <Text fz="xs" c="dimmed" ta="center" mt={-8}>
        A sample calendar, no account needed.
      </Text>
    </>
  );
}
