import { z } from 'zod';

import { apiClient, dataEnvelope, requireParam } from '@/lib/api-client';

/** Spec §5 leaves the bound open; long names break the rail tooltip and panel. */
export const WORKSPACE_NAME_LENGTH_MAX = 100;

export const createWorkspaceInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Workspace name is required')
    .max(
      WORKSPACE_NAME_LENGTH_MAX,
      `Workspace name must be at most ${WORKSPACE_NAME_LENGTH_MAX} characters`,
    ),
});
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInputSchema>;

export const organizationWorkspacesPath = (organizationId: string): string =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/workspaces/`;

const createWorkspaceResponseSchema = dataEnvelope(z.object({ name: z.string() }).loose());

/** Spec §7 POST /organizations/{organization_id}/workspaces/ with {name}; reads data.name. */
export async function createWorkspace(
  organizationId: string | null,
  input: CreateWorkspaceInput,
): Promise<{ name: string }> {
  const orgId = requireParam('organizationId', organizationId, 'createWorkspace');
  const body = requireParam('body', input, 'createWorkspace');
  const { data } = await apiClient.post(
    organizationWorkspacesPath(orgId),
    createWorkspaceResponseSchema,
    body,
  );
  return { name: data.name };
}
