import { INVALID_EMAIL_DIALOG, isValidEmail, normalizeEmail } from '@meetwell/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isTeamAdmin, lockTeamAdmins, requirePlanAllows, requireTeamAdmin } from '../../auth/policies';
import type { AppContext } from '../../context';
import { invites, memberships, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { hashToken, randomToken } from '../../lib/crypto';
import { type DeliveryResult, deliverEmail, RetryableMailError } from '../mail/deliver';
import { inviteEmail } from '../mail/templates/invite';
import { InviteNotPendingError, provisionUser } from '../users/provision';
import { afterCompanyChange, moveUserToCompany } from './members';
import { companyPlan, displayName, findTeam, findUserByEmail, memberCount, type UserRow } from './queries';

type InviteRow = typeof invites.$inferSelect;

const INVITES_MESSAGE = "Only the team's admins can invite members or cancel invites.";
const INVITE_INVALID_MESSAGE =
  'This invite link is no longer valid: it was used or cancelled. Ask your team admin for a new invite.';

const inviteInvalid = () => new AppError('invite_invalid', INVITE_INVALID_MESSAGE);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const pending = and(isNull(invites.acceptedAt), isNull(invites.revokedAt));

/** The pending invites of the team the admin belongs to, oldest first. */
export async function listPendingInvites(ctx: AppContext, admin: UserRow): Promise<InviteRow[]> {
  await requireTeamAdmin(ctx.db, admin.id, admin.companyId, INVITES_MESSAGE);
  return ctx.db
    .select()
    .from(invites)
    .where(and(eq(invites.companyId, admin.companyId!), pending))
    .orderBy(asc(invites.createdAt));
}

async function refuseDuplicate(ctx: AppContext, companyId: string, email: string) {
  const [member] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) throw new AppError('conflict', `${email} is already a member of the team.`);
  const [invite] = await ctx.db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.companyId, companyId), sql`lower(${invites.email}) = ${email}`, pending))
    .limit(1);
  if (invite) throw new AppError('conflict', `${email} already has a pending invite.`);
}

/**
 * Invites an address to the admin's team and mails it the link. Only the token's SHA-256 is stored: the link
 * exists in the mail alone. An SMTP server that refuses the mail undoes the invite (503: try again).
 */
export async function createInvite(
  ctx: AppContext,
  admin: UserRow,
  address: string,
): Promise<{ invite: InviteRow; mail: DeliveryResult }> {
  await requireTeamAdmin(ctx.db, admin.id, admin.companyId, INVITES_MESSAGE);
  const companyId = admin.companyId!;
  requirePlanAllows(await companyPlan(ctx.db, companyId), 'team_management');
  if (!isValidEmail(address))
    throw new AppError('unprocessable', [
      { detail: INVALID_EMAIL_DIALOG.message, pointer: '/data/attributes/email' },
    ]);
  const email = normalizeEmail(address);
  await refuseDuplicate(ctx, companyId, email);
  const token = randomToken(32);
  let invite: InviteRow;
  try {
    [invite] = (await ctx.db
      .insert(invites)
      .values({ companyId, email, invitedById: admin.id, tokenHash: hashToken(token), createdAt: ctx.now() })
      .returning()) as [InviteRow];
  } catch (error) {
    // The same address invited twice at once: the pending-invite index keeps one.
    if (isUniqueViolation(error)) throw new AppError('conflict', `${email} already has a pending invite.`);
    throw error;
  }
  const team = await findTeam(ctx.db, companyId);
  const rendered = await inviteEmail(
    { inviterName: displayName(admin), inviterEmail: admin.email, teamName: team.name, to: email },
    ctx.config.appUrl,
    token,
  );
  try {
    // Nobody's outbox but the invited address's may show it: the link signs its holder in as that address.
    const mail = await deliverEmail(ctx, {
      key: `invite:${invite.id}`,
      kind: 'invite',
      to: email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      userId: null,
      secrets: [token],
    });
    return { invite, mail };
  } catch (error) {
    if (!(error instanceof RetryableMailError)) throw error;
    await ctx.db.delete(invites).where(eq(invites.id, invite.id));
    throw new AppError(
      'unavailable',
      'The invite could not be mailed right now. Please try again in a moment.',
      {
        headers: { 'retry-after': '60' },
      },
    );
  }
}

/** Cancels a pending invite (its link stops working). Cancelling one already cancelled changes nothing. */
export async function revokeInvite(ctx: AppContext, actor: UserRow, inviteId: string): Promise<void> {
  const [invite] = await ctx.db.select().from(invites).where(eq(invites.id, inviteId)).limit(1);
  if (!invite) throw notFound('invite');
  await requireTeamAdmin(ctx.db, actor.id, invite.companyId, INVITES_MESSAGE);
  if (invite.acceptedAt) throw new AppError('conflict', 'This invite was already accepted.');
  if (invite.revokedAt) return;
  await ctx.db
    .update(invites)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(invites.id, invite.id), pending));
}

/** Marks the invite accepted, unless it was accepted or revoked meanwhile (then the link is no longer valid). */
async function claimInvite(db: Parameters<typeof moveUserToCompany>[0], inviteId: string, now: Date) {
  const [claimed] = await db
    .update(invites)
    .set({ acceptedAt: now })
    .where(and(eq(invites.id, inviteId), pending))
    .returning({ id: invites.id });
  if (!claimed) throw inviteInvalid();
}

/**
 * An existing account accepts: it joins the team (leaving its company, meetings and all). The only admin of a
 * team that has other members must hand the role on first, so no team is left without one.
 */
async function joinWithExistingAccount(ctx: AppContext, user: UserRow, invite: InviteRow): Promise<UserRow> {
  if (!user.emailVerified) {
    // Whoever created this account never proved the address: the link's holder must not be handed it.
    throw new AppError(
      'conflict',
      'An account with this e-mail address already exists. Sign in with the provider you used before.',
    );
  }
  const from = user.companyId;
  if (from === invite.companyId) {
    await ctx.db.transaction((tx) => claimInvite(tx, invite.id, ctx.now()));
    return user;
  }
  const now = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    if (from && (await isTeamAdmin(tx, user.id, from))) {
      const admins = await lockTeamAdmins(tx, from);
      if (admins.length === 1 && (await memberCount(tx, from)) > 1) {
        throw new AppError(
          'conflict',
          'You are the only admin of your current team: make another member its admin before joining another team.',
        );
      }
    }
    await claimInvite(tx, invite.id, now);
    return moveUserToCompany(tx, user.id, invite.companyId, 'user', now);
  });
  await afterCompanyChange(ctx, { userId: user.id, from, to: invite.companyId });
  return moved;
}

/**
 * Accepts an invite by its link's token: a new address gets its account (the link proves the address), an
 * existing account joins the team. Returns the user to sign in. Unknown, used or cancelled links: 410.
 */
export async function acceptInvite(
  ctx: AppContext,
  token: string,
  options: { timeZone?: string | undefined; referral?: string | undefined } = {},
): Promise<UserRow> {
  const [invite] = await ctx.db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  if (!invite || invite.acceptedAt || invite.revokedAt) throw inviteInvalid();
  const existing = await findUserByEmail(ctx.db, invite.email);
  if (existing) return joinWithExistingAccount(ctx, existing, invite);
  try {
    return await provisionUser(
      ctx.db,
      {
        email: invite.email,
        emailVerified: true,
        inviteId: invite.id,
        timeZone: options.timeZone,
        referredBy: options.referral,
      },
      ctx.now(),
    );
  } catch (error) {
    if (error instanceof InviteNotPendingError) throw inviteInvalid();
    // The person signed up another way at this very moment: their new account joins instead.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUserByEmail(ctx.db, invite.email);
    if (!raced) throw error;
    return joinWithExistingAccount(ctx, raced, invite);
  }
}
