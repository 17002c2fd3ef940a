import { authEndpoints, type SignInErrorCode } from '@meetwell/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { setSessionCookies } from '../../../auth/cookies';
import {
  forgetClientConfiguration,
  getClientConfiguration,
  isProviderAnswer,
} from '../../../auth/oidc/client';
import { createSession } from '../../../auth/sessions';
import type { SsoProvider } from '../../../config';
import type { AppContext } from '../../../context';
import type { FeatureRoutes } from '../../../http/app';
import { route } from '../../../http/endpoint';
import { safeEqual } from '../../../lib/crypto';
import { CompanyExistsError } from '../../users/provision';
import { profileFromClaims } from './claims';
import { authorizationProfile, callbackUrl, requireSsoProvider } from './providers';
import { EmailInUseError, type ProviderTokens, signInWithIdentity } from './sign-in';
import { browserTimeZone, REFERRAL_COOKIE, referralToken, safeReturnPath } from './start-params';
import { clearStateCookie, readStateCookie, writeStateCookie } from './state-cookie';

const rateLimited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const AFTER_SIGN_IN = '/session';

/** Why a sign-in did not happen, as the web app reads it from /?login=true&error=<code>. */
export type { SignInErrorCode };

class SignInFailure extends Error {
  constructor(
    readonly code: SignInErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

function failedSignIn(reply: FastifyReply, code: SignInErrorCode) {
  return reply.redirect(`/?login=true&error=${code}`, 302);
}

async function configurationFor(provider: SsoProvider) {
  try {
    return await getClientConfiguration(provider);
  } catch (error) {
    throw new SignInFailure('provider_unavailable', { cause: error });
  }
}

/** Claims of the ID token, completed by userinfo when the issuer keeps the email there (oidc-provider, Microsoft). */
async function claimsOf(
  configuration: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new SignInFailure('provider_error');
  if (typeof idClaims.email === 'string' || !configuration.serverMetadata().userinfo_endpoint)
    return idClaims;
  try {
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return { ...idClaims, ...userinfo };
  } catch (error) {
    request.log.warn({ err: error }, 'userinfo request failed; using the ID token claims');
    return idClaims;
  }
}

function classify(error: unknown): SignInErrorCode {
  if (error instanceof SignInFailure) return error.code;
  if (error instanceof EmailInUseError) return 'email_in_use';
  if (error instanceof CompanyExistsError) return 'company_exists';
  if (error instanceof oidc.AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'access_denied' : 'provider_error';
  }
  if (isProviderAnswer(error)) return 'provider_error';
  if (error instanceof oidc.ClientError) return 'sign_in_failed';
  return 'server_error';
}

export const oidcRoutes: FeatureRoutes = (app, ctx: AppContext) => {
  route(
    app,
    authEndpoints.startSingleSignOn,
    async (request, reply) => {
      const provider = requireSsoProvider(ctx.config, request.params.provider);
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'sign-in provider discovery failed');
        return failedSignIn(reply, 'provider_unavailable');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      writeStateCookie(request, reply, ctx, {
        provider: provider.id,
        state,
        nonce,
        codeVerifier,
        timeZone: browserTimeZone(request.query.time_zone),
        origin: safeReturnPath(request.query.origin, ctx.config.appUrl),
        referral: referralToken(request.cookies[REFERRAL_COOKIE]),
      });
      const { scope, parameters } = authorizationProfile(provider.id);
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(ctx.config, provider.id),
        scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...parameters,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
    { config: rateLimited },
  );

  route(
    app,
    authEndpoints.singleSignOnCallback,
    async (request, reply) => {
      const provider = requireSsoProvider(ctx.config, request.params.provider);
      const saved = readStateCookie(request, ctx);
      clearStateCookie(request, reply, ctx);
      reply.header('cache-control', 'no-store');
      try {
        const query = request.query as Record<string, unknown>;
        if (query.error !== undefined) {
          throw new SignInFailure(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
        }
        if (!saved) throw new SignInFailure('state_missing');
        const returned = typeof query.state === 'string' ? query.state : '';
        if (saved.provider !== provider.id || !safeEqual(returned, saved.state)) {
          throw new SignInFailure('state_mismatch');
        }
        const configuration = await configurationFor(provider);
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const tokens = await oidc.authorizationCodeGrant(
          configuration,
          new URL(callbackUrl(ctx.config, provider.id) + search),
          {
            pkceCodeVerifier: saved.codeVerifier,
            expectedState: saved.state,
            expectedNonce: saved.nonce,
            idTokenExpected: true,
          },
        );
        const checked = profileFromClaims(provider.id, await claimsOf(configuration, tokens, request));
        if (!checked.ok) throw new SignInFailure(checked.problem);
        const providerTokens: ProviderTokens = {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token,
          expiresIn: tokens.expiresIn(),
          scopes: (tokens.scope ?? authorizationProfile(provider.id).scope).split(' ').filter(Boolean),
        };
        const { user } = await signInWithIdentity(ctx, {
          providerId: provider.id,
          profile: checked.profile,
          tokens: providerTokens,
          timeZone: saved.timeZone,
          referral: saved.referral,
        });
        const session = await createSession(ctx.db, user.id, {
          userAgent: request.headers['user-agent'],
          now: ctx.now(),
        });
        setSessionCookies(request, reply, ctx, session.token);
        return reply.redirect(saved.origin ?? AFTER_SIGN_IN, 302);
      } catch (error) {
        const code = classify(error);
        // Keys rotated or metadata moved: discover again next time.
        if (code === 'sign_in_failed') forgetClientConfiguration(provider);
        const log =
          code === 'server_error' ? request.log.error.bind(request.log) : request.log.warn.bind(request.log);
        log({ err: error, provider: provider.id, code }, 'single sign-on failed');
        return failedSignIn(reply, code);
      }
    },
    { config: rateLimited },
  );
};
