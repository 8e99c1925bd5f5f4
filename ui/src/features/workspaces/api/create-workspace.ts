import { z } from 'zod';

import { api, dataEnvelope, idSchema, requireParam } from '@/lib/api-client';

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

const createdWorkspaceSchema = z
  .object({ id: idSchema, organization_id: idSchema, name: z.string() })
  .loose();
const createWorkspaceResponseSchema = dataEnvelope(createdWorkspaceSchema);
export type CreatedWorkspace = { id: string; organization_id: string; name: string };

/** Spec §7 POST /organizations/{organization_id}/workspaces/ with {name}; 201 with the workspace. */
export async function createWorkspace(
  organizationId: string | null,
  input: CreateWorkspaceInput,
): Promise<CreatedWorkspace> {
  const orgId = requireParam('organizationId', organizationId, 'createWorkspace');
  const body = requireParam('body', input, 'createWorkspace');
  const { data } = await api.post(
    '/accounts/organizations/{organization_id}/workspaces/',
    createWorkspaceResponseSchema,
    { params: { organization_id: orgId }, body },
  );
  return { id: data.id, organization_id: data.organization_id, name: data.name };
}
