import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { identities, users } from '../../db/schema';

/** What Slack granted: the user token, the account (`team:user`) and the scopes. */
export type SlackGrant = { token: string; subject: string; scopes: string[] };

/**
 * Stores a person's Slack grant (the token encrypted) and turns do-not-disturb off (connected). One Slack
 * account per person, and a Slack account belongs to one person: connecting it elsewhere moves it.
 */
export async function connectSlack(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  userId: string,
  granted: SlackGrant,
  now: Date,
) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(identities)
      .where(
        and(
          eq(identities.userId, userId),
          eq(identities.provider, 'slack'),
          ne(identities.subject, granted.subject),
        ),
      );
    const accessTokenEnc = ctx.secrets.encrypt(granted.token);
    await tx
      .insert(identities)
      .values({
        userId,
        provider: 'slack',
        subject: granted.subject,
        accessTokenEnc,
        scopes: granted.scopes,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [identities.provider, identities.subject],
        set: { userId, accessTokenEnc, scopes: granted.scopes, updatedAt: now },
      });
    await tx.update(users).set({ dndSlack: false, updatedAt: now }).where(eq(users.id, userId));
  });
}
