import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';
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
