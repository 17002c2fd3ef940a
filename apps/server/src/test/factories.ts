import { eq } from 'drizzle-orm';
import { csrfTokenFor } from '../auth/cookies';
import { createSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { memberships, users } from '../db/schema';
import { provisionUser } from '../features/users/provision';

let counter = 0;

/** A user with a company of their own (admin) unless `companyOf` names a user whose company they join. */
export async function createUser(
  ctx: AppContext,
  overrides: {
    email?: string;
    firstName?: string;
    timeZone?: string;
    companyOf?: { companyId: string | null };
  } = {},
) {
  counter += 1;
  const email =
    overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 7)}@example${counter}.com`;
  // Joining a company: made under a throwaway domain of its own first (a company's domain admits one sign-up
  // only, by invite), then given its address once moved.
  const joining = Boolean(overrides.companyOf?.companyId);
  const user = await provisionUser(
    ctx.db,
    {
      email: joining ? `joining${counter}@factory-${counter}-${Date.now().toString(36)}.invalid` : email,
      firstName: overrides.firstName ?? `User${counter}`,
      lastName: 'Test',
      timeZone: overrides.timeZone ?? 'UTC',
    },
    ctx.now(),
  );
  if (overrides.companyOf?.companyId) {
    await ctx.db.delete(memberships).where(eq(memberships.userId, user.id));
    await ctx.db.insert(memberships).values({ companyId: overrides.companyOf.companyId, userId: user.id });
    const [moved] = await ctx.db
      .update(users)
      .set({
        companyId: overrides.companyOf.companyId,
        email: email.trim().toLowerCase(),
        domain: email.split('@').pop()!.toLowerCase(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return moved!;
  }
  return user;
}

/** Headers of a signed-in API client using a bearer token (no CSRF needed). */
export async function bearerFor(ctx: AppContext, userId: string) {
  const { token } = await createSession(ctx.db, userId);
  return { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' };
}

/** Headers of a browser session: the session cookie plus the double-submit CSRF token. */
export async function browserFor(ctx: AppContext, userId: string) {
  const { token } = await createSession(ctx.db, userId);
  const csrf = csrfTokenFor(ctx.secrets, token);
  return {
    cookie: `MWToken=${token}; MWCsrf=${csrf}`,
    'x-csrf-token': csrf,
    'content-type': 'application/vnd.api+json',
  };
}
