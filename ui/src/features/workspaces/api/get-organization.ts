import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { workspacesFreshness } from '@/lib/swr';

export const organizationPath = (organizationId: string): string =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/`;

/** Spec §3 Organization: name, location, slug, email; other fields are not read. */
export const organizationSchema = z.object({
  name: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  location: z.string().nullish(),
  slug: z.string().nullish(),
  email: z.string().nullish(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Spec §7 GET /accounts/organizations/{organization_id}/, reads data. */
export async function getOrganization(
  organizationId: string | null | undefined,
): Promise<Organization> {
  const id = requireParam('organizationId', organizationId, 'getOrganization');
  // The name only labels the workspace panel: a failure leaves it out instead of toasting.
  const { data } = await api.get(
    '/accounts/organizations/{organization_id}/',
    dataEnvelope(organizationSchema),
    { params: { organization_id: id }, handleErrors: false },
  );
  return data;
}

export function useOrganization(organizationId: string | null | undefined) {
  return useSWR(
    organizationId ? organizationPath(organizationId) : null,
    () => getOrganization(organizationId),
    { ...workspacesFreshness, shouldRetryOnError: false },
  );
}
