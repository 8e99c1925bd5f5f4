/**
 * Where a notification leads: the server gives each one the in-app page it is about
 * ("Report ready" → downloads, a posting digest → the journal, a plan change → the
 * license page) and the workspace it concerns. Opening one goes there, in that workspace.
 */
import { navigateTo } from '@/lib/navigation';
import { storage } from '@/lib/storage';
import { getMyWorkspaces, rememberWorkspace, type Workspace } from '@/lib/workspaces';

import type { Notification } from '../api/get-notifications';

/** The in-app path a notification links to, or null (no link, or not one of ours). */
export function notificationTarget(notification: Notification): string | null {
  const link = notification.link?.trim();
  // Only paths of this app: never another site, however the text was made.
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  return link;
}

/**
 * Goes to what the notification is about. Its workspace becomes the active one first
 * when it is another of the user's, so the page shows the right books.
 */
export async function openNotificationTarget(
  notification: Notification,
  listWorkspaces: () => Promise<readonly Workspace[]> = getMyWorkspaces,
): Promise<boolean> {
  const target = notificationTarget(notification);
  if (!target) return false;
  const wanted = notification.workspace_id;
  if (wanted && wanted !== storage.getWorkspaceId()) {
    // The list is asked for only then; a failure leaves the active workspace as it is.
    const workspaces = await listWorkspaces().catch(() => []);
    const workspace = workspaces.find((ws) => ws.id === wanted);
    if (workspace) rememberWorkspace(workspace);
  }
  navigateTo(target);
  return true;
}
