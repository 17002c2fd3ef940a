import {
  autoBalanceEndpoints,
  INVALID_DOMAIN_DIALOG,
  INVALID_EMAIL_DIALOG,
  isValidDomain,
  isValidEmail,
  MAX_LIST_ENTRIES,
  normalizeDomain,
  normalizeEmail,
  splitTagInput,
  uniqueTags,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { companies, users } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError, type ErrorIssue, forbidden } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { isCompanyAdmin } from '../settings/routes';
import { loadUserResource } from '../users/profile';
import { requestAutoBalance } from './request';

type CompanyRow = typeof companies.$inferSelect;

const entries = (value: string | string[]) =>
  Array.isArray(value) ? value.flatMap(splitTagInput) : splitTagInput(value);

/**
 * Validates a tag list with the domain's rules (the 'Invalid email' / 'Invalid email domain' dialogs' message,
 * one error per bad entry, pointing at it), then normalises it and keeps each value once.
 */
function validateList(value: string | string[], kind: 'email' | 'domain', pointer: string): string[] {
  const list = entries(value);
  const valid = kind === 'email' ? isValidEmail : isValidDomain;
  const message = kind === 'email' ? INVALID_EMAIL_DIALOG.message : INVALID_DOMAIN_DIALOG.message;
  const issues: ErrorIssue[] = [];
  list.forEach((entry, i) => {
    if (!valid(entry)) issues.push({ detail: `${message} (${entry})`, pointer: `${pointer}/${i}` });
  });
  if (issues.length) throw new AppError('validation_failed', issues);
  if (list.length > MAX_LIST_ENTRIES) {
    throw new AppError('validation_failed', [{ detail: `At most ${MAX_LIST_ENTRIES} entries.`, pointer }]);
  }
  const normalize = kind === 'email' ? normalizeEmail : normalizeDomain;
  return uniqueTags(list.map((entry) => normalize(entry)));
}

function presentCompany(company: CompanyRow) {
  return resource('companies', company.id, {
    name: company.name,
    license_by: company.licenseBy,
    domains_allowlist: company.domainsAllowlist,
    organizer_denylist: company.organizerDenylist,
  });
}

async function adminCompany(ctx: AppContext, user: typeof users.$inferSelect) {
  if (!user.companyId || !(await isCompanyAdmin(ctx, user))) {
    throw forbidden('Only admins can change the team lists.');
  }
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, user.companyId));
  if (!company) throw forbidden('Only admins can change the team lists.');
  return company;
}

async function rebalanceCompany(ctx: AppContext, companyId: string) {
  const members = await ctx.db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  for (const member of members) await requestAutoBalance(ctx, member.id);
}

export const listRoutes: FeatureRoutes = (app, ctx) => {
  route(app, autoBalanceEndpoints.replaceUserVips, async (request) => {
    const { user } = requireAuth(request);
    const body = request.body;
    const raw = 'data' in body ? body.data.attributes.email_list : body.email_list;
    const pointer = 'data' in body ? '/data/attributes/email_list' : '/email_list';
    const list = validateList(raw, 'email', pointer);
    const [company] = user.companyId
      ? await ctx.db.select().from(companies).where(eq(companies.id, user.companyId))
      : [];
    const team = new Set((company?.organizerDenylist ?? []).map((e) => normalizeEmail(e)));
    const [updated] = await ctx.db
      .update(users)
      .set({ organizerDenylist: list.filter((e) => !team.has(e)), updatedAt: ctx.now() })
      .where(eq(users.id, user.id))
      .returning();
    await requestAutoBalance(ctx, user.id);
    return document(await loadUserResource(ctx.db, updated!, ctx.now()));
  });

  route(app, autoBalanceEndpoints.replaceTeamVips, async (request) => {
    const { user } = requireAuth(request);
    const company = await adminCompany(ctx, user);
    const body = request.body;
    const raw = 'data' in body ? body.data.attributes.email_list : body.email_list;
    const list = validateList(raw, 'email', 'data' in body ? '/data/attributes/email_list' : '/email_list');
    const [updated] = await ctx.db
      .update(companies)
      .set({ organizerDenylist: list, updatedAt: ctx.now() })
      .where(eq(companies.id, company.id))
      .returning();
    await rebalanceCompany(ctx, company.id);
    return document(presentCompany(updated!));
  });

  route(app, autoBalanceEndpoints.updateTeamLists, async (request) => {
    const { user } = requireAuth(request);
    const company = await adminCompany(ctx, user);
    const a = request.body.data.attributes;
    const domains =
      a.domains_allowlist !== undefined
        ? validateList(a.domains_allowlist, 'domain', '/data/attributes/domains_allowlist')
        : undefined;
    const vips =
      a.organizer_denylist !== undefined
        ? validateList(a.organizer_denylist, 'email', '/data/attributes/organizer_denylist')
        : undefined;
    const [updated] = await ctx.db
      .update(companies)
      .set({
        ...(domains !== undefined && { domainsAllowlist: domains }),
        ...(vips !== undefined && { organizerDenylist: vips }),
        updatedAt: ctx.now(),
      })
      .where(eq(companies.id, company.id))
      .returning();
    await rebalanceCompany(ctx, company.id);
    return document(presentCompany(updated!));
  });
};
