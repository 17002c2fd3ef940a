import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A real OpenID Provider (oidc-provider) on 127.0.0.1 for sign-in tests, with one confidential client. */
export type TestIssuer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

export type TestAccount = {
  email: string;
  given_name: string;
  family_name: string;
  email_verified?: boolean | undefined;
};

export async function startTestIssuer(options: {
  redirectUris: string[];
  /** The claims of whoever signs in with this login name at the dev login form. */
  account: (login: string) => TestAccount;
}): Promise<TestIssuer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'meetwell-test';
  const clientSecret = 'meetwell-test-secret-0123456789abcdef';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    issueRefreshToken: async () => true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 3600,
      Grant: 86_400,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ email_verified: true, ...options.account(sub), sub }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cookies of a pretend browser at the issuer (the dev interactions keep their state in cookies). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        const lower = key.toLowerCase();
        return (
          (lower === 'max-age' && Number(val) <= 0) || (lower === 'expires' && Date.parse(val) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the issuer, without a browser: follows redirects by hand through the dev interactions
 * (login with any name and password, then consent, or abort) until the issuer sends us to `returnTo`.
 * Returns that final URL (our callback, with code and state or an error).
 */
export async function authorizeAtIssuer(
  authorizationUrl: string,
  options: { login: string; returnTo: string; jar?: CookieJar; abort?: boolean },
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  let url = new URL(authorizationUrl);
  let request: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      if (url.href.startsWith(options.returnTo)) return url;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !url.pathname.startsWith('/interaction/')) {
      throw new Error(`Unexpected ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    }
    if (options.abort) {
      url = new URL(`${url.pathname}/abort`, url);
      request = { method: 'GET' };
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const form = new URLSearchParams({ prompt: prompt ?? '' });
    if (prompt === 'login') {
      form.set('login', options.login);
      form.set('password', 'any-password');
    }
    request = { method: 'POST', body: form };
  }
  throw new Error('Too many redirects at the issuer');
}
