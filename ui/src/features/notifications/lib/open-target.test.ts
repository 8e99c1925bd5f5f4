import { afterEach, describe, expect, it, vi } from 'vitest';

import * as navigation from '@/lib/navigation';
import { storage } from '@/lib/storage';
import type { Workspace } from '@/lib/workspaces';

import type { Notification, NotificationTarget } from '../api/get-notifications';
import { notificationTarget, openNotificationTarget, targetPath } from './open-target';

const notification = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  title: 'Report ready',
  message: 'Your Trial balance (PDF) for Lagos Head Office is ready to download.',
  created_datetime: '2026-11-26T10:00:00Z',
  read: false,
  severity: 'success',
  kind: 'report_ready',
  link: '/reports-generation/downloads-and-attachments',
  target: { type: 'report_download', workspace_id: 'ws2', report_id: 'r9' },
  workspace_id: 'ws2',
  ...over,
});

const workspace = (id: string): Workspace =>
  ({ id, organization_id: 'org1', role: 2, name: id, latest: false }) as unknown as Workspace;

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('where a notification leads', () => {
  it.each<[NotificationTarget, string]>([
    [{ type: 'finding', workspace_id: 'ws2', entry_id: 'e7' }, '/audit?continuous_entry=e7'],
    [{ type: 'workspace', workspace_id: 'ws3' }, '/settings/workspaces?wsId=ws3'],
    [
      { type: 'debt', workspace_id: 'ws2', debt_id: 'd1' },
      '/accounting/financial-reports/financial-debt?debt=d1',
    ],
    [{ type: 'downloads', workspace_id: 'ws2' }, '/reports-generation/downloads-and-attachments'],
    [{ type: 'journal', workspace_id: 'ws2' }, '/accounting/journal-entry'],
    [{ type: 'organization' }, '/settings/organization'],
    [{ type: 'license' }, '/license'],
    [{ type: 'invitations' }, '/settings/invitations'],
  ])('a %o target opens %s', (target, path) => {
    expect(targetPath(target)).toBe(path);
  });

  it('follows an announcement’s path only inside the app', () => {
    expect(targetPath({ type: 'page', path: '/license' })).toBe('/license');
    expect(targetPath({ type: 'page', path: '//evil.example/' })).toBeNull();
    expect(
      notificationTarget(notification({ target: { type: 'page', path: 'https://evil.example/' } })),
    ).toBeNull();
  });

  it('opens nothing for a notification without a target, whatever its link says', () => {
    expect(notificationTarget(notification({ target: null, link: '/license' }))).toBeNull();
  });
});

describe('opening a notification', () => {
  it('downloads the report a “Report ready” notification is about', async () => {
    const go = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    const save = vi.fn(() => Promise.resolve());
    expect(await openNotificationTarget(notification(), () => Promise.resolve([]), save)).toBe(
      true,
    );
    expect(save).toHaveBeenCalledWith('ws2', 'r9');
    expect(go).not.toHaveBeenCalled();
  });

  it('makes the notification’s workspace the active one before going there', async () => {
    const go = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    storage.setWorkspaceId('ws1');
    const list = () => Promise.resolve([workspace('ws1'), workspace('ws2')]);
    const flagged = notification({
      kind: 'continuous_audit_flag',
      target: { type: 'finding', workspace_id: 'ws2', entry_id: 'e7' },
    });
    expect(await openNotificationTarget(flagged, list)).toBe(true);
    expect(storage.getWorkspaceId()).toBe('ws2');
    expect(go).toHaveBeenCalledWith('/audit?continuous_entry=e7');
  });
});
