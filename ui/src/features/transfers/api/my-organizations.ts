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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organization id a typed target names: one of the user's organizations by slug or
 * id, or an organization id as its Admin shared it. Null when it names neither.
 */
export function resolveTarget(typed: string, mine: readonly OrganizationRef[]): string | null {
  const text = typed.trim();
  if (!text) return null;
  const known = mine.find((o) => o.slug === text || o.id === text);
  if (known) return known.id;
  return UUID.test(text) ? text.toLowerCase() : null;
}
