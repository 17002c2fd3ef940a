import { eq } from 'drizzle-orm';
import { signInLinks } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { jobPayloads } from '../../../jobs/payloads';
import { deliverEmail } from '../../mail/deliver';
import { signInLinkEmail, signInLinkUrl } from '../../mail/templates/sign-in-link';
import { SIGN_IN_LINK_MINUTES } from './links';

/**
 * Mails one sign-in link. Without an SMTP server the mail stays in the outbox, which a visitor cannot open:
 * the link is then written to the log at warn level (seen under every default level), so whoever runs the
 * server, as on a laptop with `npm start`, can sign in. Once a mail server took the message, the stored copy
 * loses the token: the emails table never keeps a working link longer than it must.
 */
export const signInLinkEmailJob = defineJob({
  name: 'sign_in_link_email',
  payload: jobPayloads.sign_in_link_email,
  // A link is worth sending for 15 minutes: five tries with backoff fit in them.
  maxAttempts: 5,
  async run({ linkId, sealedToken }, { ctx, logger }) {
    const [link] = await ctx.db.select().from(signInLinks).where(eq(signInLinks.id, linkId));
    if (!link || link.usedAt || link.expiresAt <= ctx.now()) return;
    const token = ctx.secrets.decrypt(sealedToken);
    const mail = await signInLinkEmail(ctx.config.appUrl, token, SIGN_IN_LINK_MINUTES);
    const key = `sign_in_link:${link.id}`;
    const result = await deliverEmail(ctx, {
      key,
      kind: 'sign_in_link',
      to: link.email,
      ...mail,
      requestedByRecipient: true,
      secrets: [token],
    });
    if (result === 'in_flight') throw new Error(`The sign-in link mail ${link.id} is being sent elsewhere.`);
    if (result === 'outbox') {
      logger.warn(
        `No SMTP_URL is set, so this mail was not sent. Sign-in link for ${link.email} (works once, for ${SIGN_IN_LINK_MINUTES} minutes): ${signInLinkUrl(ctx.config.appUrl, token)}`,
      );
    }
  },
});
