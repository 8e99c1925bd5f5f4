/**
 * The organization's profile (spec §7 GET, PATCH /organizations/{organization_id}/): what
 * the server keeps of it — name, slug, contact e-mail and location.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { organizationPath } from '@/features/workspaces';

/** Bounds the server applies too (domain organization rules). */
export const ORGANIZATION_NAME_LENGTH_MAX = 100;
export const ORGANIZATION_LOCATION_LENGTH_MAX = 200;

export const organizationProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  location: z.string().nullish(),
  created_datetime: z.string().optional(),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

export const organizationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Organization name is required')
    .max(
      ORGANIZATION_NAME_LENGTH_MAX,
      `Organization name must be at most ${ORGANIZATION_NAME_LENGTH_MAX} characters`,
    ),
  email: z.string().trim().min(1, 'Email is required').email('Email is not valid'),
  location: z
    .string()
    .trim()
    .max(
      ORGANIZATION_LOCATION_LENGTH_MAX,
      `Location must be at most ${ORGANIZATION_LOCATION_LENGTH_MAX} characters`,
    ),
});
export type OrganizationFormValues = z.infer<typeof organizationFormSchema>;

const PROFILE_PATH = '/accounts/organizations/{organization_id}/';

/** Its own key: the workspace panel caches a narrower reading of the same route. */
const profileKey = (organizationId: string) => [PROFILE_PATH, organizationId, 'profile'] as const;

export function useOrganizationProfile(organizationId: string | null) {
  return useSWR(organizationId ? profileKey(organizationId) : null, ([, organization_id]) =>
    api
      .get(PROFILE_PATH, dataEnvelope(organizationProfileSchema), {
        params: { organization_id },
        handleErrors: false,
      })
      .then((envelope) => envelope.data),
  );
}

/** PATCH the profile; the panel's organization name is refreshed with it. */
export async function updateOrganization(
  organizationId: string | null,
  values: OrganizationFormValues,
): Promise<OrganizationProfile> {
  const id = requireParam('organizationId', organizationId, 'updateOrganization');
  const { data } = await api.patch(PROFILE_PATH, dataEnvelope(organizationProfileSchema), {
    params: { organization_id: id },
    body: { name: values.name, email: values.email, location: values.location },
  });
  await Promise.all([
    mutate(profileKey(id), data, { revalidate: false }),
    mutate(organizationPath(id)),
  ]);
  return data;
}
