import { eq } from 'drizzle-orm';
import { csrfTokenFor } from '../auth/cookies';
import { createSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { calendars, memberships, users } from '../db/schema';
import { CompanyExistsError, provisionUser } from '../features/users/provision';

let counter = 0;

/** A calendar made from an uploaded ICS file (its source saved apart), watched unless said otherwise. */
export async function createIcsCalendar(
  ctx: Pick<AppContext, 'db'>,
  user: { id: string },
  options: { name?: string; watching?: boolean; timeZone?: string; isPrimary?: boolean } = {},
) {
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({
      userId: user.id,
      provider: 'ics',
      externalId: `import:${user.id}`,
      name: options.name ?? 'Imported',
      watching: options.watching ?? true,
      timeZone: options.timeZone,
      isPrimary: options.isPrimary ?? false,
    })
    .returning();
  return calendar!;
}

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
  // A company's domain admits one sign-up only (then by invite): a user joining a company, or a second user of
  // a domain that has one, is made under a throwaway domain of its own and then given its address, in a company
  // of its own (a second one, without the domain, as first sign-ins used to make) unless it joins one.
  const joining = Boolean(overrides.companyOf?.companyId);
  const profile = {
    firstName: overrides.firstName ?? `User${counter}`,
    lastName: 'Test',
    timeZone: overrides.timeZone ?? 'UTC',
  };
  const throwaway = `user${counter}@factory-${counter}-${Date.now().toString(36)}.invalid`;
  let user: typeof users.$inferSelect;
  let renamed = joining;
  try {
    user = await provisionUser(ctx.db, { ...profile, email: joining ? throwaway : email }, ctx.now());
  } catch (error) {
    if (!(error instanceof CompanyExistsError)) throw error;
    user = await provisionUser(ctx.db, { ...profile, email: throwaway }, ctx.now());
    renamed = true;
  }
  if (renamed && !joining) {
    const [named] = await ctx.db
      .update(users)
      .set({ email: email.trim().toLowerCase(), domain: email.split('@').pop()!.toLowerCase() })
      .where(eq(users.id, user.id))
      .returning();
    user = named!;
  }
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
