/**
 * Where a notification leads: the server types each one's target from its cause ("Report
 * ready" → that report's download, a flagged entry → its finding, a new member → the
 * workspace, a loan notice → the loan) and names the workspace it concerns. Opening one
 * goes there, in that workspace; the app builds every path itself, so no URL written into
 * an event is ever followed.
 */
import { paths } from '@/config/paths';
import { downloadBlob } from '@/components/data-grid/csv';
import { navigateTo } from '@/lib/navigation';
import { storage } from '@/lib/storage';
import { getMyWorkspaces, rememberWorkspace, type Workspace } from '@/lib/workspaces';
import { downloadReport, fetchReport } from '@/features/reports/api/reports';

import type { Notification, NotificationTarget } from '../api/get-notifications';

/** The in-app path a target opens; a report download opens nothing (it saves a file). */
export function targetPath(target: NotificationTarget): string | null {
  switch (target.type) {
    case 'report_download':
      return null;
    case 'downloads':
      return paths.reports.downloads;
    case 'finding':
      return `${paths.audit}?continuous_entry=${encodeURIComponent(target.entry_id)}`;
    case 'audit':
      return paths.audit;
    case 'journal':
      return paths.accounting.journalEntry;
    case 'debt':
      return `${paths.accounting.debtManagement}?debt=${encodeURIComponent(target.debt_id)}`;
    case 'workspace':
      return paths.settings.workspaceProfile(target.workspace_id);
    case 'organization':
      return paths.settings.tab('organization');
    case 'license':
      return paths.license;
    case 'invitations':
      return paths.settings.tab('invitations');
    case 'page':
      // An announcement's path, chosen inside the product; never another site.
      return target.path.startsWith('/') && !target.path.startsWith('//') ? target.path : null;
  }
}

/** Whether opening the notification does anything (a page to open or a file to save). */
export function notificationTarget(notification: Notification): NotificationTarget | null {
  const target = notification.target;
  if (!target) return null;
  return target.type === 'report_download' || targetPath(target) ? target : null;
}

/** Saves the report a "Report ready" notification is about, under its own file name. */
async function saveReport(workspaceId: string, reportId: string): Promise<void> {
  const report = await fetchReport(workspaceId, reportId);
  downloadBlob(
    report.file_name ?? `${report.kind}.${report.format}`,
    await downloadReport(workspaceId, reportId),
  );
}

/**
 * Goes to what the notification is about. Its workspace becomes the active one first
 * when it is another of the user's, so the page shows the right books.
 */
export async function openNotificationTarget(
  notification: Notification,
  listWorkspaces: () => Promise<readonly Workspace[]> = getMyWorkspaces,
  save: (workspaceId: string, reportId: string) => Promise<void> = saveReport,
): Promise<boolean> {
  const target = notificationTarget(notification);
  if (!target) return false;
  if (target.type === 'report_download') {
    // The API client tells the user why a download failed (the report was deleted).
    await save(target.workspace_id, target.report_id).catch(() => undefined);
    return true;
  }
  const wanted =
    target.type === 'workspace' ? target.workspace_id : (notification.workspace_id ?? null);
  if (wanted && wanted !== storage.getWorkspaceId()) {
    // The list is asked for only then; a failure leaves the active workspace as it is.
    const workspaces = await listWorkspaces().catch(() => []);
    const workspace = workspaces.find((ws) => ws.id === wanted);
    if (workspace) rememberWorkspace(workspace);
  }
  const path = targetPath(target);
  if (path) navigateTo(path);
  return true;
}
