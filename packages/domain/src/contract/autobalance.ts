import { z } from 'zod';
import { LICENSE_BY } from '../constants/product';
import { MAX_LIST_ENTRIES } from '../validation/misc';
import { declineDetailsDocument } from './communications';
import { endpoint } from './endpoint';
import { documentSchema, resourceSchema } from './jsonapi';
import { userDocument } from './users';

/**
 * The team's Auto-balance lists (PATCH /company and POST /company/denylisted_organizers/bulk, admins): the
 * domains whose organizers are never acted on and the VIP organizers. The user's own lists answer with the
 * user (`userDocument`).
 */
export const companyListsAttributes = z.object({
  name: z.string(),
  license_by: z.enum(LICENSE_BY),
  domains_allowlist: z.array(z.string()),
  organizer_denylist: z.array(z.string()),
});
export type CompanyListsAttributes = z.infer<typeof companyListsAttributes>;
export const companyListsDocument = documentSchema(resourceSchema('companies', companyListsAttributes));

/** A list as an array, or as one string of entries separated by commas, spaces or line breaks. */
const listValue = z.union([z.array(z.string().max(320)).max(MAX_LIST_ENTRIES), z.string().max(100_000)]);

/** POST users/ and company/denylisted_organizers/bulk: the whole list, in a resource or bare. */
export const vipListBody = z.union([
  z.object({
    data: z.object({
      type: z.string().max(60).optional(),
      attributes: z.object({ email_list: listValue }).strict(),
    }),
  }),
  z.object({ email_list: listValue }).strict(),
]);

/** PATCH /company: either list, or both. */
export const companyListsPatchAttributes = z
  .object({ domains_allowlist: listValue, organizer_denylist: listValue })
  .partial()
  .strict();
export type CompanyListsPatch = z.input<typeof companyListsPatchAttributes>;

const tokenParams = z.object({ token: z.string().min(10).max(200) });

export const autoBalanceEndpoints = {
  replaceUserVips: endpoint({
    method: 'POST',
    path: '/api/v1/users/denylisted_organizers/bulk',
    summary: "Replace the user's VIP organizers (never acted on); team entries are kept on the team's list",
    tags: ['auto-balance'],
    access: 'signed_in',
    body: vipListBody,
    response: { 200: userDocument },
    errors: [],
  }),
  replaceTeamVips: endpoint({
    method: 'POST',
    path: '/api/v1/company/denylisted_organizers/bulk',
    summary: "Replace the team's VIP organizers (admins)",
    tags: ['auto-balance'],
    access: 'team_admin',
    body: vipListBody,
    response: { 200: companyListsDocument },
    errors: ['forbidden'],
  }),
  updateTeamLists: endpoint({
    method: 'PATCH',
    path: '/api/v1/company',
    summary: "Change the team's allowed domains or VIP organizers (admins)",
    tags: ['auto-balance'],
    access: 'team_admin',
    body: z.object({
      data: z.object({
        type: z.string().max(60).optional(),
        id: z.string().optional(),
        attributes: companyListsPatchAttributes,
      }),
    }),
    response: { 200: companyListsDocument },
    errors: ['forbidden'],
  }),
  declineDetails: endpoint({
    method: 'GET',
    path: '/api/v1/users/meetings/details/:token',
    summary: 'The prevent-decline page: the meeting its token opens (public)',
    tags: ['auto-balance'],
    access: 'public',
    whenDeactivated: true,
    params: tokenParams,
    response: { 200: declineDetailsDocument },
    errors: ['not_found'],
  }),
  preventDecline: endpoint({
    method: 'PATCH',
    path: '/api/v1/users/meetings/prevent_decline/:token',
    summary: 'The organizer prevents the decline, with notes for the attendee (public)',
    tags: ['auto-balance'],
    access: 'public',
    whenDeactivated: true,
    params: tokenParams,
    body: z
      .object({
        data: z.object({
          type: z.string().max(40).optional(),
          id: z.string().optional(),
          attributes: z.object({ organizer_notes: z.string().trim().max(5000).nullish() }).strict(),
        }),
      })
      .optional(),
    response: { 200: declineDetailsDocument },
    // conflict: the meeting was already declined, accepted or cancelled.
    errors: ['not_found', 'conflict'],
  }),
};
