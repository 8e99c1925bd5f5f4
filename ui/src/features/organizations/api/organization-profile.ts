/**
 * The organization's profile (spec §7 GET, PATCH /organizations/{organization_id}/): what
 * the server keeps of it — name, slug, contact e-mail, location, address, industry, logo.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { organizationPath } from '@/features/workspaces';

/** Bounds the server applies too (domain organization rules). */
export const ORGANIZATION_NAME_LENGTH_MAX = 120;
export const ORGANIZATION_LOCATION_LENGTH_MAX = 200;
export const ORGANIZATION_ADDRESS_LENGTH_MAX = 500;
export const ORGANIZATION_INDUSTRY_LENGTH_MAX = 100;

/** Suggestions for the industry field; any other text is accepted as typed. */
export const INDUSTRY_SUGGESTIONS = [
  'Accounting and audit',
  'Agriculture',
  'Construction',
  'Education',
  'Financial services',
  'Health care',
  'Hospitality',
  'Information technology',
  'Manufacturing',
  'Non-profit',
  'Oil and gas',
  'Professional services',
  'Real estate',
  'Retail',
  'Transport and logistics',
  'Wholesale and retail trade',
];

export const organizationProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  location: z.string().nullish(),
  address: z.string().nullish(),
  industry: z.string().nullish(),
  logo: z.object({ absolute_url: z.string().nullish() }).nullish(),
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
  address: z
    .string()
    .trim()
    .max(
      ORGANIZATION_ADDRESS_LENGTH_MAX,
      `Address must be at most ${ORGANIZATION_ADDRESS_LENGTH_MAX} characters`,
    ),
  industry: z
    .string()
    .trim()
    .max(
      ORGANIZATION_INDUSTRY_LENGTH_MAX,
      `Industry must be at most ${ORGANIZATION_INDUSTRY_LENGTH_MAX} characters`,
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
  return patchOrganization(organizationId, {
    name: values.name,
    email: values.email,
    location: values.location,
    address: values.address,
    industry: values.industry,
  });
}

/** Shows `imageId` (uploaded into one of the organization's workspaces) as its logo; `null` removes it. */
export async function setOrganizationLogo(
  organizationId: string | null,
  imageId: string | null,
): Promise<OrganizationProfile> {
  return patchOrganization(organizationId, { logo_id: imageId });
}

async function patchOrganization(
  organizationId: string | null,
  body: Record<string, string | null>,
): Promise<OrganizationProfile> {
  const id = requireParam('organizationId', organizationId, 'updateOrganization');
  const { data } = await api.patch(PROFILE_PATH, dataEnvelope(organizationProfileSchema), {
    params: { organization_id: id },
    body,
  });
  await Promise.all([
    mutate(profileKey(id), data, { revalidate: false }),
    mutate(organizationPath(id)),
  ]);
  return data;
}
