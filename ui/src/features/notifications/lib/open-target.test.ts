import { afterEach, describe, expect, it, vi } from 'vitest';

import * as navigation from '@/lib/navigation';
import { storage } from '@/lib/storage';
import type { Workspace } from '@/lib/workspaces';

import type { Notification } from '../api/get-notifications';
import { notificationTarget, openNotificationTarget } from './open-target';

const notification = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  title: 'Report ready',
  message: 'Your Trial balance (PDF) for Lagos Head Office is ready to download.',
  created_datetime: '2026-11-26T10:00:00Z',
  read: false,
  severity: 'success',
  kind: 'report_ready',
  link: '/reports-generation/downloads-and-attachments',
  workspace_id: 'ws2',
  ...over,
});

const workspace = (id: string): Workspace =>
  ({ id, organization_id: 'org1', role: 2, name: id, latest: false }) as unknown as Workspace;

afterEach(() => window.localStorage.clear());

describe('opening a notification', () => {
  it('leads a report-ready notification to the downloads', () => {
    expect(notificationTarget(notification())).toBe(
      '/reports-generation/downloads-and-attachments',
    );
  });

  it('never leads outside the app', () => {
    expect(notificationTarget(notification({ link: 'https://evil.example/' }))).toBeNull();
    expect(notificationTarget(notification({ link: '//evil.example/' }))).toBeNull();
    expect(notificationTarget(notification({ link: null }))).toBeNull();
  });

  it('makes the notification’s workspace the active one before going there', async () => {
    const go = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    storage.setWorkspaceId('ws1');
    const list = () => Promise.resolve([workspace('ws1'), workspace('ws2')]);
    expect(await openNotificationTarget(notification(), list)).toBe(true);
    expect(storage.getWorkspaceId()).toBe('ws2');
    expect(go).toHaveBeenCalledWith('/reports-generation/downloads-and-attachments');
  });
});
