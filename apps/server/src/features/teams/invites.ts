import { ADMIN_ROLE, INVALID_EMAIL_DIALOG, isValidEmail, normalizeEmail } from '@meetwell/domain';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { isTeamAdmin, lockTeamAdmins, requirePlanAllows, requireTeamAdmin } from '../../auth/policies';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { invites, memberships, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { hashToken, randomToken } from '../../lib/crypto';
import { type DeliveryResult, deliverEmail, RetryableMailError } from '../mail/deliver';
import { inviteEmail, inviteUrl } from '../mail/templates/invite';
import { inviteRenewalEmail } from '../mail/templates/invite-renewal';
import { plainName } from '../mail/templates/plain-name';
import { INVITE_VALID_DAYS, INVITE_VALID_MS, InviteNotPendingError, provisionUser } from '../users/provision';
import { checkInviteBudget, inviteExpiresAt, isInviteExpired, lockTeamInvites } from './invite-limits';
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

async function refuseDuplicate(db: Pick<Database, 'select'>, companyId: string, email: string) {
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) throw new AppError('conflict', `${email} is already a member of the team.`);
  const [invite] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.companyId, companyId), sql`lower(${invites.email}) = ${email}`, pending))
    .limit(1);
  if (invite) throw new AppError('conflict', `${email} already has a pending invite.`);
}

export type InviteOptions = {
  /** Where the link is written when no SMTP server is configured (the server's log, at warn). */
  log?: (message: string) => void;
};

/**
 * Invites an address to the admin's team and mails it the link. Only the token's SHA-256 is stored: the link
 * exists in the mail alone (and, without an SMTP server, in the server's log, for whoever runs it); the shared
 * demo team's invites are never mailed. Invites
 * are counted per admin and per team over the last hour and day (429 past the budget); an expired invite of
 * the address is cancelled so a new one can go. An SMTP server that refuses the mail undoes the invite (503).
 */
export async function createInvite(
  ctx: AppContext,
  admin: UserRow,
  address: string,
  options: InviteOptions = {},
): Promise<{ invite: InviteRow; mail: DeliveryResult }> {
  await requireTeamAdmin(ctx.db, admin.id, admin.companyId, INVITES_MESSAGE);
  const companyId = admin.companyId!;
  requirePlanAllows(await companyPlan(ctx.db, companyId), 'team_management');
  if (!isValidEmail(address))
    throw new AppError('unprocessable', [
      { detail: INVALID_EMAIL_DIALOG.message, pointer: '/data/attributes/email' },
    ]);
  const email = normalizeEmail(address);
  const token = randomToken(32);
  const now = ctx.now();
  let invite: InviteRow;
  try {
    invite = await ctx.db.transaction(async (tx) => {
      await lockTeamInvites(tx, companyId);
      // A pending invite of the address whose link expired makes way for the new one.
      await tx
        .update(invites)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invites.companyId, companyId),
            sql`lower(${invites.email}) = ${email}`,
            pending,
            lte(invites.createdAt, new Date(now.getTime() - INVITE_VALID_MS)),
          ),
        );
      await refuseDuplicate(tx, companyId, email);
      await checkInviteBudget(tx, { companyId, senderId: admin.id, now, limits: ctx.config.invites });
      const [row] = await tx
        .insert(invites)
        .values({ companyId, email, invitedById: admin.id, tokenHash: hashToken(token), createdAt: now })
        .returning();
      return row!;
    });
  } catch (error) {
    // The same address invited twice at once: the pending-invite index keeps one.
    if (isUniqueViolation(error)) throw new AppError('conflict', `${email} already has a pending invite.`);
    throw error;
  }
  const team = await findTeam(ctx.db, companyId);
  const expiresAt = inviteExpiresAt(invite);
  const rendered = await inviteEmail(
    { inviterName: displayName(admin), inviterEmail: admin.email, teamName: team.name, to: email, expiresAt },
    ctx.config.appUrl,
    token,
  );
  try {
    // Nobody's outbox but the invited address's may show it: the link signs its holder in as that address.
    // A demo team is anyone's who presses 'Try the demo': its invites are never mailed (kept as if no SMTP
    // were set), so a demo is no way to send mail to strangers.
    const sender = admin.isDemo
      ? { ...ctx, config: { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: undefined } } }
      : ctx;
    const mail = await deliverEmail(sender, {
      key: `invite:${invite.id}`,
      kind: 'invite',
      to: email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      userId: null,
      secrets: [token],
    });
    if (mail === 'outbox') {
      options.log?.(
        `No SMTP_URL is set, so this mail was not sent. Invite link for ${email} to the team ${team.name} (works once, until ${expiresAt.toISOString()}): ${inviteUrl(ctx.config.appUrl, token)}`,
      );
    }
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

const INVITE_EXPIRED_MESSAGE = `This invite has expired: invite links work for ${INVITE_VALID_DAYS} days. Ask for a new one.`;

/** What accepting an invite did: joined now, or found the person already on its team. */
export type AcceptedInvite = { user: UserRow; alreadyMember: boolean };

/**
 * The invite was used, or expired, but its person is on its team (they signed in another way, which joined
 * them, or they open the mail's link twice): the answer says so. Signed in as them, they are taken there; a
 * browser signed in as nobody (or someone else) is told to sign in, and no session is made: a spent link signs
 * nobody in.
 */
async function alreadyOnTheTeam(
  ctx: AppContext,
  invite: InviteRow,
  signedInUserId: string | undefined,
): Promise<AcceptedInvite | null> {
  const person = await findUserByEmail(ctx.db, invite.email);
  if (!person || person.companyId !== invite.companyId) return null;
  if (signedInUserId === person.id) return { user: person, alreadyMember: true };
  const team = await findTeam(ctx.db, invite.companyId);
  throw new AppError(
    'already_member',
    `You are already on the team ${plainName(team.name, 60, 'of this invite')}. Sign in to open it.`,
  );
}

/**
 * Accepts an invite by its link's token: a new address gets its account (the link proves the address), an
 * existing account joins the team. Returns the user to sign in. A link used or expired whose person is on the
 * team already says so (alreadyOnTheTeam); otherwise used, cancelled or unknown links are 410 invite_invalid,
 * expired ones 410 invite_expired.
 */
export async function acceptInvite(
  ctx: AppContext,
  token: string,
  options: {
    timeZone?: string | undefined;
    referral?: string | undefined;
    /** The user the browser is signed in as, if any. */
    signedInUserId?: string | undefined;
  } = {},
): Promise<AcceptedInvite> {
  const [invite] = await ctx.db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  if (!invite || invite.revokedAt) throw inviteInvalid();
  if (invite.acceptedAt || isInviteExpired(invite, ctx.now())) {
    const member = await alreadyOnTheTeam(ctx, invite, options.signedInUserId);
    if (member) return member;
    if (invite.acceptedAt) throw inviteInvalid();
    throw new AppError('invite_expired', INVITE_EXPIRED_MESSAGE);
  }
  const existing = await findUserByEmail(ctx.db, invite.email);
  if (existing) return { user: await joinWithExistingAccount(ctx, existing, invite), alreadyMember: false };
  try {
    const user = await provisionUser(
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
    return { user, alreadyMember: false };
  } catch (error) {
    if (error instanceof InviteNotPendingError) throw inviteInvalid();
    // The person signed up another way at this very moment: their new account joins instead.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUserByEmail(ctx.db, invite.email);
    if (!raced) throw error;
    return { user: await joinWithExistingAccount(ctx, raced, invite), alreadyMember: false };
  }
}

/**
 * The invited person opened a link that expired and asks for a new one: the admin who sent it (else the
 * team's first admin) is told, once per invite. Nothing else is sent, whatever is asked how often.
 */
export async function requestInviteRenewal(ctx: AppContext, token: string): Promise<void> {
  const [invite] = await ctx.db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  if (!invite || invite.revokedAt || invite.acceptedAt) throw inviteInvalid();
  if (!isInviteExpired(invite, ctx.now())) {
    throw new AppError('conflict', 'This invite still works: open its link to join the team.');
  }
  const [admin] = await ctx.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, invite.companyId), eq(memberships.role, ADMIN_ROLE)))
    .orderBy(sql`${memberships.userId} = ${invite.invitedById ?? null} desc`, asc(memberships.createdAt))
    .limit(1);
  if (!admin) return;
  const team = await findTeam(ctx.db, invite.companyId);
  const rendered = await inviteRenewalEmail(
    { invitedEmail: invite.email, teamName: team.name, sentOn: invite.createdAt, to: admin.email },
    ctx.config.appUrl,
  );
  await deliverEmail(ctx, {
    key: `invite_renewal:${invite.id}`,
    kind: 'invite_renewal',
    to: admin.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    userId: null,
  });
}
