import { z } from 'zod';
import { isValidTimeZone } from '../lib/tz';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';
import { userResource } from './users';

/** GET /auth/providers: the single sign-on providers, and in meta the other ways in this server offers. */
export const authProviderAttributes = z.object({ name: z.string(), url: z.string() });
export type AuthProviderAttributes = z.infer<typeof authProviderAttributes>;
export const authProviderListDocument = documentSchema(
  z.array(resourceSchema('auth_providers', authProviderAttributes)),
  z.object({ demo_enabled: z.boolean(), email_enabled: z.boolean(), slack_enabled: z.boolean() }),
);

/** POST /auth/demo (201): the demo user, and the session's token for clients without cookies. */
export const demoSessionDocument = documentSchema(userResource, z.object({ token: z.string() }));

/** POST /sign_in_links (202): a link was mailed, or not; the answer never tells whether an account exists. */
export const signInLinkSentDocument = z.object({ meta: z.object({ sent: z.literal(true) }) });

/** POST /sign_in_links/consume: the user signed in, and whether the link created the account. */
export const signInLinkUsedDocument = documentSchema(userResource, z.object({ created: z.boolean() }));

/**
 * POST /invites/accept: the user signed in and on the invite's team; already_member when they were on it
 * before (a used link opened again while signed in as them: no new session is made).
 */
export const inviteAcceptedDocument = documentSchema(userResource, z.object({ already_member: z.boolean() }));

/** POST /invites/renewal_requests (202): the admin who sent an expired invite is told it is asked for again. */
export const inviteRenewalRequestedDocument = z.object({ meta: z.object({ requested: z.literal(true) }) });

/** GET /auth/slack?format=json: the Slack page that grants do-not-disturb (without format: a redirect). */
export const slackAuthorizationDocument = documentSchema(
  resourceSchema('slack_authorizations', z.object({ url: z.string() })),
);

/** GET /health: the process is up and reaches its database (else 503). */
export const healthDocument = documentSchema(
  resourceSchema(
    'health',
    z.object({ status: z.literal('ok'), database: z.literal('ok'), time: instantSchema }),
  ),
);

const timeZone = z.string().refine(isValidTimeZone, 'must be an IANA time zone');
const providerParams = z.object({ provider: z.string().max(64) });

/** Signing in and out: the ways in, the demo, a link by e-mail, single sign-on (stats §1). */
export const authEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/api/v1/auth/providers',
    summary: 'Sign-in options: single sign-on providers and the demo',
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    response: { 200: authProviderListDocument },
    errors: [],
  }),
  demo: endpoint({
    method: 'POST',
    path: '/api/v1/auth/demo',
    summary:
      'Sign in to a demo team of your own (the same one while signed in to it), removed after a day (demo mode only)',
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    body: resourceBodySchema('sessions', z.object({ time_zone: timeZone.optional() }).strict()).optional(),
    response: { 201: demoSessionDocument },
    errors: ['not_found'],
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/api/v1/logout',
    summary: 'Sign out: revokes the session',
    tags: ['auth'],
    access: 'signed_in',
    whenDeactivated: true,
    errors: [],
  }),
  requestSignInLink: endpoint({
    method: 'POST',
    path: '/api/v1/sign_in_links',
    summary:
      'Mail a one-time sign-in link to an address (creating the account when it is used). Always 202: the answer never tells whether an account exists',
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    body: resourceBodySchema(
      'sign_in_links',
      z.object({ email: z.string(), time_zone: timeZone.optional() }).strict(),
    ),
    response: { 202: signInLinkSentDocument },
    errors: ['unprocessable'],
  }),
  consumeSignInLink: endpoint({
    method: 'POST',
    path: '/api/v1/sign_in_links/consume',
    summary:
      "Sign in with a link's token: the user document and the session cookie. A used, expired or unknown link is 410 sign_in_link_invalid",
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    body: resourceBodySchema(
      'sign_in_links',
      z
        .object({
          token: z.string().min(1).max(200),
          time_zone: timeZone.optional(),
          // The referral token kept from a ?ref= link, for a new account (else the cookie is read).
          referral: z.string().max(200).optional(),
        })
        .strict(),
    ),
    response: { 200: signInLinkUsedDocument },
    errors: ['sign_in_link_invalid', 'company_exists', 'conflict'],
  }),
  /** A redirect to the provider (or, when it cannot be reached, back to the sign-in with ?error=). */
  startSingleSignOn: endpoint({
    method: 'GET',
    path: '/api/v1/auth/:provider',
    summary: 'Start single sign-on: redirects to the provider',
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    params: providerParams,
    query: z.object({
      time_zone: z.string().max(64).optional().describe("The browser's IANA time zone, for a new account"),
      origin: z.string().max(2048).optional().describe('A path of this site to return to after sign-in'),
    }),
    errors: ['not_found'],
  }),
  /** A redirect into the app, or to the sign-in with ?error=<SignInErrorCode>. */
  singleSignOnCallback: endpoint({
    method: 'GET',
    path: '/api/v1/auth/:provider/callback',
    summary: 'Single sign-on callback: signs in and redirects into the app',
    tags: ['auth'],
    access: 'public',
    whenDeactivated: true,
    params: providerParams,
    errors: ['not_found'],
  }),
};

/** Connecting Slack for do-not-disturb during Wellness blocks (personal-app §Account). */
export const slackEndpoints = {
  authorize: endpoint({
    method: 'GET',
    path: '/api/v1/auth/slack',
    summary:
      'Connect Slack (do-not-disturb): redirects to Slack to grant dnd:write (add ?format=json for the URL)',
    tags: ['slack'],
    access: 'signed_in',
    query: z.object({
      origin: z.string().max(2048).optional(),
      format: z.enum(['json', 'redirect']).optional(),
    }),
    response: { 200: slackAuthorizationDocument },
    errors: ['not_found'],
  }),
  /** Always a redirect back to the page Slack was connected from, with ?slack=connected, denied or error. */
  callback: endpoint({
    method: 'GET',
    path: '/api/v1/auth/slack/callback',
    summary:
      'Slack OAuth callback: stores the user token (encrypted) and turns do-not-disturb off (connected)',
    tags: ['slack'],
    access: 'public',
    query: z.object({
      code: z.string().max(500).optional(),
      state: z.string().max(4000).optional(),
      error: z.string().max(200).optional(),
    }),
    errors: ['not_found'],
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/v1/auth/slack',
    summary: 'Disconnect Slack (dnd_slack back to null)',
    tags: ['slack'],
    access: 'signed_in',
    whenDeactivated: true,
    response: { 204: z.null().describe('Disconnected') },
    errors: [],
  }),
};

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/v1/health',
    summary: 'Liveness and database reachability',
    tags: ['health'],
    access: 'public',
    whenDeactivated: true,
    response: { 200: healthDocument },
    errors: [],
  }),
};
