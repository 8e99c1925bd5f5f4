/**
 * The workspace profile's writes (spec §7 PATCH, DELETE
 * /organizations/{organization_id}/workspaces/{id}/): rename, its image, and the soft
 * delete that takes it out of every list while its history stays in the log.
 */
import { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, idSchema } from '@/lib/api-client';
import { MY_WORKSPACES_PATH, type Workspace } from '@/lib/workspaces';

import { createWorkspaceInputSchema } from './create-workspace';

/** Renaming follows the same rules as naming a new workspace. */
export const renameWorkspaceSchema = createWorkspaceInputSchema;

const WORKSPACE_PATH = '/accounts/organizations/{organization_id}/workspaces/{id}/';

export async function renameWorkspace(workspace: Workspace, name: string): Promise<void> {
  await api.patch(WORKSPACE_PATH, dataEnvelope(z.object({ id: idSchema }).loose()), {
    params: { organization_id: workspace.organization_id, id: workspace.id },
    body: { name },
  });
  await mutate(MY_WORKSPACES_PATH);
}

/** Shows `imageId` (an image uploaded into this workspace) as its image; `null` removes it. */
export async function setWorkspaceImage(
  workspace: Workspace,
  imageId: string | null,
): Promise<void> {
  await api.patch(WORKSPACE_PATH, dataEnvelope(z.object({ id: idSchema }).loose()), {
    params: { organization_id: workspace.organization_id, id: workspace.id },
    body: { image_id: imageId },
  });
  await mutate(MY_WORKSPACES_PATH);
}

/** Reads the workspace's times (audit timing tests, dates on screen) in `zone`, an IANA name. */
export async function setWorkspaceTimeZone(workspace: Workspace, zone: string): Promise<void> {
  await api.patch(WORKSPACE_PATH, dataEnvelope(z.object({ id: idSchema }).loose()), {
    params: { organization_id: workspace.organization_id, id: workspace.id },
    body: { time_zone: zone },
  });
  await mutate(MY_WORKSPACES_PATH);
}

export async function deleteWorkspace(workspace: Workspace): Promise<void> {
  await api.delete(WORKSPACE_PATH, z.unknown(), {
    params: { organization_id: workspace.organization_id, id: workspace.id },
  });
}

/**
 * The last-workspace rule: an organization keeps at least one workspace, and a user is
 * never left without one. `workspaces` is the user's list.
 */
export function lastWorkspaceReason(
  workspace: Workspace,
  workspaces: readonly Workspace[],
): string | null {
  if (workspaces.length <= 1) return 'This is your only workspace: create another one first.';
  const inOrganization = workspaces.filter((w) => w.organization_id === workspace.organization_id);
  if (inOrganization.length <= 1)
    return "This is the organization's only workspace: create another one first.";
  return null;
}
