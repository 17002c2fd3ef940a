import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi';

/**
 * The team's Auto-balance lists (PATCH /company and POST /company/denylisted_organizers/bulk, admins): the
 * domains whose organizers are never acted on and the VIP organizers. The user's own lists answer with the
 * user (`userDocument`).
 */
export const companyListsAttributes = z.object({
  name: z.string(),
  license_by: z.enum(['domain', 'invite']),
  domains_allowlist: z.array(z.string()),
  organizer_denylist: z.array(z.string()),
});
export type CompanyListsAttributes = z.infer<typeof companyListsAttributes>;
export const companyListsDocument = documentSchema(resourceSchema('companies', companyListsAttributes));
