import { membershipRoleFor, teamRoleOfMembership } from '../../auth/policies';
import type { invites } from '../../db/schema';
import { resource } from '../../http/jsonapi';
import { inviteExpiresAt } from './invite-limits';
import { type CompanyRow, displayName, type MemberRow } from './queries';

type InviteRow = typeof invites.$inferSelect;

export function presentTeam(company: CompanyRow, memberCount: number) {
  const actionSettings = company.actionSettings;
  return resource('teams', company.id, {
    name: company.name,
    license_by: company.licenseBy,
    domain: company.domain,
    average_annual_salary: company.averageAnnualSalary,
    domains_allowlist: company.domainsAllowlist,
    organizer_denylist: company.organizerDenylist,
    member_count: memberCount,
    action_settings: actionSettings && Object.keys(actionSettings).length > 0 ? actionSettings : null,
  });
}

export function presentMembership(member: MemberRow) {
  return resource('memberships', member.id, {
    user_id: member.userId,
    name: displayName(member),
    email: member.email,
    role: membershipRoleFor(teamRoleOfMembership(member.role)),
    profile_image: member.profileImage,
  });
}

export function presentInvite(invite: InviteRow) {
  return resource('invites', invite.id, {
    email: invite.email,
    created_at: invite.createdAt.toISOString(),
    accepted_at: invite.acceptedAt?.toISOString() ?? null,
    expires_at: inviteExpiresAt(invite).toISOString(),
  });
}
