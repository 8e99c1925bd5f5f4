/**
 * The organizations the user belongs to (spec §7 GET /organizations/ with slug, email):
 * a transfer's target is named by its slug when it is one of them, else by its id.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

const organizationSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type OrganizationRef = z.infer<typeof organizationSchema>;

export function useMyOrganizations() {
  return useSWR(['/accounts/organizations/', 'mine'], () =>
    api
      .get('/accounts/organizations/', paginatedEnvelope(organizationSchema), {
        query: { page: 1, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      })
      .then((page) => page.data),
  );
}

/**
 * What the transfer request names as its target: one of the user's own organizations by
 * slug or id becomes its id (slugs need not be unique, so one's own is taken for sure);
 * anything else — another organization's slug, the e-mail of one of its Admins, its id —
 * goes to the server as typed, which resolves it. Null for an empty field.
 */
export function resolveTarget(typed: string, mine: readonly OrganizationRef[]): string | null {
  const text = typed.trim();
  if (!text) return null;
  const known = mine.find((o) => o.slug === text || o.id === text);
  return known ? known.id : text;
}
