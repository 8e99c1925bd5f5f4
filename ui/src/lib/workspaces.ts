/**
 * The user's workspaces (spec §3 "Workspace (from the my-workspaces call)") and the
 * client-side active workspace context (wsId, activeOrgId, activeRole in storage).
 */
import { useEffect } from 'react';
import useSWR from 'swr';
import { z } from 'zod';

import { serviceHome } from '@/config/paths';
import type { CurrentUser } from '@/lib/auth';
import { api, dataEnvelope, idSchema, requireParam } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { storage, type Service } from '@/lib/storage';
import { resetCache, workspacesFreshness } from '@/lib/swr';

export const workspaceSchema = z.object({
  id: idSchema,
  organization_id: idSchema,
  role: z.number().int(),
  role_display: z.string().nullish(),
  latest: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  is_invited: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  name: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  image: z.object({ absolute_url: z.string().nullish() }).nullish(),
  /** The IANA zone its times are read in (`Africa/Lagos`). */
  time_zone: z.string().nullish(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const MY_WORKSPACES_PATH = '/accounts/me/workspaces/';

/** Spec §2: the Switch Service tile reloads to the other service after 2 seconds. */
export const SERVICE_SWITCH_DELAY_MS = 2000;

/** Spec §2 fallback when a workspace has no name. */
export const WORKSPACE_NAME_FALLBACK = 'Workspace';

export function getMyWorkspaces(): Promise<Workspace[]> {
  return api
    .get('/accounts/me/workspaces/', dataEnvelope(z.array(workspaceSchema)))
    .then((envelope) => envelope.data);
}

export function useMyWorkspaces() {
  const token = storage.getToken();
  return useSWR(token ? MY_WORKSPACES_PATH : null, getMyWorkspaces, workspacesFreshness);
}

/**
 * Spec §2: on first load the active workspace is the one flagged latest, otherwise the
 * first in the list. A stored wsId that is still in the list wins, so a reload keeps
 * the user where they were.
 */
export function pickActiveWorkspace(
  workspaces: readonly Workspace[],
  storedId: string | null,
): Workspace | null {
  const stored = storedId ? workspaces.find((ws) => ws.id === storedId) : undefined;
  if (stored) return stored;
  return workspaces.find((ws) => ws.latest) ?? workspaces[0] ?? null;
}

/** Makes `workspace` active: its organization, id and role go to storage (spec §3). */
export function rememberWorkspace(workspace: Workspace): void {
  storage.setWorkspaceId(workspace.id);
  storage.setActiveOrgId(workspace.organization_id);
  storage.setActiveRole(workspace.role);
}

/**
 * Keeps the stored active workspace in line with the list once it loads. Spec §2: after
 * an invited user's workspace loads, the preferred service becomes accounting and the
 * user goes to /dashboard.
 */
export function useActiveWorkspace(): {
  workspaces: Workspace[];
  active: Workspace | null;
  isLoading: boolean;
  /** The list arrived (it may be empty); false while loading or after a failure. */
  loaded: boolean;
} {
  const { data, isLoading } = useMyWorkspaces();
  const workspaces = data ?? [];
  const active = pickActiveWorkspace(workspaces, storage.getWorkspaceId());
  useEffect(() => {
    if (!active) return;
    if (storage.getWorkspaceId() !== active.id) rememberWorkspace(active);
    landInvitedUser(active);
  }, [active]);
  return { workspaces, active, isLoading, loaded: data !== undefined };
}

/**
 * Spec §2: "After an invited user's workspace loads, the preferred service becomes
 * accounting and the user goes to /dashboard." Once per workspace: applied on every load
 * it would send an invited auditor back to accounting each time they switch to audit.
 */
export function landInvitedUser(workspace: Workspace): void {
  if (!workspace.is_invited || storage.getInvitedLandingDone(workspace.id)) return;
  storage.setInvitedLandingDone(workspace.id);
  if (storage.getPreferredService() !== 'accounting') {
    storage.setPreferredService('accounting');
    navigateTo(serviceHome.accounting);
  }
}

/**
 * The organization a new workspace goes to: the active one, else (a user without any
 * workspace yet, e.g. right after sign-up) the organization of their Admin membership,
 * else of their first membership.
 */
export function targetOrganization(
  activeOrgId: string | null,
  user: Pick<CurrentUser, 'memberships'> | undefined,
): string | null {
  if (activeOrgId) return activeOrgId;
  const memberships = user?.memberships ?? [];
  const admin = memberships.find((m) => m.role === 2 && m.organization_id);
  return (
    admin?.organization_id ?? memberships.find((m) => m.organization_id)?.organization_id ?? null
  );
}

/**
 * POST /accounts/me/workspaces/{id}/switch/: the server records the workspace, so it
 * comes back flagged `latest` on the next first load (another browser, cleared storage).
 */
export async function recordWorkspaceSwitch(workspaceId: string | null | undefined): Promise<void> {
  const id = requireParam('workspaceId', workspaceId, 'recordWorkspaceSwitch');
  await api.post('/accounts/me/workspaces/{workspace_id}/switch/', z.unknown(), {
    params: { workspace_id: id },
  });
}

/**
 * Spec §2: switching workspace sets the context, discards all cached data, goes to
 * /dashboard. The server is told first, so the refetched list already flags it latest; a
 * failure there (already toasted by the client) does not keep the user where they were.
 */
export async function switchWorkspace(workspace: Workspace): Promise<void> {
  rememberWorkspace(workspace);
  await recordWorkspaceSwitch(workspace.id).catch(() => undefined);
  await resetCache({ refetch: true });
  navigateTo(serviceHome.accounting);
}

export function otherService(service: Service): Service {
  return service === 'accounting' ? 'audit' : 'accounting';
}

/**
 * Spec §2: the Switch Service tile toggles the preferred service and, after 2 seconds,
 * reloads into the new service's home. `current` is the service the user is in now.
 * Returns the new service and a cancel function.
 */
export function switchService(
  current: Service,
  reload: (to: string) => void = (to) => window.location.assign(to),
): { next: Service; cancel: () => void } {
  const next = otherService(current);
  storage.setPreferredService(next);
  const timer = window.setTimeout(() => reload(serviceHome[next]), SERVICE_SWITCH_DELAY_MS);
  return { next, cancel: () => window.clearTimeout(timer) };
}
