import { describe, expect, it } from 'vitest';

import { ROLE } from '@/lib/permissions';

import type { ContinuousSettings, FlaggedEntry, FlaggedView } from '../api/continuous';
import {
  canConfigureContinuous,
  flagSummary,
  flaggedCaption,
  linkedFlag,
  monitoringStatus,
  settingsInput,
} from './continuous-logic';

const settings: ContinuousSettings = {
  workspace_id: 'ws-1',
  enabled: false,
  notify_from: 'high',
  materiality: '5000.00',
  performance_materiality: '3750.00',
  approval_thresholds: ['1000.00'],
  utc_offset_seconds: 3600,
  time_zone: 'Africa/Lagos',
  params: { duplicates: { window_days: 5 } },
  configured_by: null,
  configured_at: null,
};

const flagged: FlaggedEntry = {
  entry_id: 'e-1',
  number: 'JE-000002',
  date: '2026-10-01',
  score: 70.8,
  band: 'high',
  reasons: [
    { test: 'backdated', weight: 0.5, reasons: ['recorded 2026-11-23'] },
    { test: 'just_below_approval_threshold', weight: 0.35, reasons: [] },
  ],
  entry_position: 40,
  scored_through: 40,
  flagged_at: '2026-11-23T16:00:00Z',
};

describe('canConfigureContinuous', () => {
  it('lets Admins and Editors change the settings', () => {
    expect(canConfigureContinuous({ role: ROLE.admin, plan: 'professional' })).toBe(true);
    expect(canConfigureContinuous({ role: ROLE.editor, plan: 'professional' })).toBe(true);
  });

  it('refuses Viewers, who read audits but do not write', () => {
    expect(canConfigureContinuous({ role: ROLE.viewer, plan: 'professional' })).toBe(false);
  });

  it('refuses someone without a membership of the workspace', () => {
    expect(canConfigureContinuous({ role: null, plan: 'professional' })).toBe(false);
  });
});

describe('settingsInput', () => {
  it('sends back everything the panel does not show', () => {
    const input = settingsInput(settings, { enabled: true });

    expect(input).toEqual({
      enabled: true,
      notify_from: 'high',
      materiality: '5000.00',
      performance_materiality: '3750.00',
      approval_thresholds: ['1000.00'],
      time_zone: 'Africa/Lagos',
      params: { duplicates: { window_days: 5 } },
    });
  });

  it('moves settings kept on a fixed offset to the workspace zone', () => {
    const input = settingsInput({ ...settings, time_zone: null }, { enabled: true });

    expect(input).not.toHaveProperty('time_zone');
    expect(input).not.toHaveProperty('utc_offset_seconds');
  });

  it('changes the band without touching the switch', () => {
    const input = settingsInput({ ...settings, enabled: true }, { notify_from: 'medium' });

    expect(input.enabled).toBe(true);
    expect(input.notify_from).toBe('medium');
  });
});

describe('flag texts', () => {
  it('names the control points behind a flag', () => {
    expect(flagSummary(flagged)).toBe('Backdated, Just below approval threshold');
  });

  it('says what the list covers before and after a close', () => {
    const view: FlaggedView = { lock_date: null, notify_from: 'high', entries: [flagged] };

    expect(flaggedCaption(view)).toBe('1 entry scored high — the books have not been closed yet');
    expect(flaggedCaption({ ...view, lock_date: '2026-09-30', notify_from: 'medium' })).toBe(
      '1 entry scored medium or high, dated after the last close (2026-09-30)',
    );
  });

  it('says whether monitoring is on and from which band', () => {
    expect(monitoringStatus(settings)).toMatch(/^Off:/);
    expect(monitoringStatus({ ...settings, enabled: true, notify_from: 'medium' })).toContain(
      'scoring medium or high are flagged',
    );
  });

  it('names the clock posting times are read on', () => {
    expect(monitoringStatus({ ...settings, enabled: true })).toContain(
      'Posting times are read on Africa/Lagos time.',
    );
  });
});

describe('linkedFlag', () => {
  const view: FlaggedView = { lock_date: null, notify_from: 'high', entries: [flagged] };

  it('finds the entry a notification links to', () => {
    expect(linkedFlag(view, 'e-1')).toBe(flagged);
  });

  it('finds nothing for an entry no longer listed, or without a link', () => {
    expect(linkedFlag(view, 'e-9')).toBeNull();
    expect(linkedFlag(view, null)).toBeNull();
    expect(linkedFlag(undefined, 'e-1')).toBeNull();
  });
});
