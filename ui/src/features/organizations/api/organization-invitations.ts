/** Every invitation the organization sent (spec §7 GET .../invitations/), newest first. */
import useSWR from 'swr';

import { invitationSchema, organizationInvitationsPath } from '@/features/invitations';
import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

export function useOrganizationInvitations(organizationId: string) {
  return useSWR([organizationInvitationsPath(organizationId), 'all'], () =>
    api.get(
      '/accounts/organizations/{organization_id}/invitations/',
      paginatedEnvelope(invitationSchema),
      {
        params: { organization_id: organizationId },
        query: { page: 1, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      },
    ),
  );
}
