/**
 * The continuous-monitoring panel's decisions, free of React so they are unit-tested:
 * who may change the settings, the body a change sends, and how a flag reads.
 */
import { checkPermission, type PermissionContext } from '@/lib/permissions';

import type {
  ContinuousSettings,
  ContinuousSettingsInput,
  FlaggedEntry,
  FlaggedView,
  NotifyBand,
} from '../api/continuous';
import { testLabel } from './audit-format';

/**
 * The server's rule (command-api `continuous_audit.rs`): the audit service
 * (`audit_sessions`) and a role that writes (`configure_continuous_audit`) — Viewers
 * read the flags but do not change what Admins are told.
 */
export function canConfigureContinuous(context: PermissionContext): boolean {
  return (
    checkPermission({ action: 'audit_sessions' }, context).allowed &&
    checkPermission({ action: 'configure_continuous_audit' }, context).allowed
  );
}

/** The band options, lowest first. */
export const NOTIFY_BAND_OPTIONS: { value: NotifyBand; label: string }[] = [
  { value: 'medium', label: 'Medium and high' },
  { value: 'high', label: 'High only' },
];

/**
 * The `PUT` body for a change: the settings in force with `change` applied. The server
 * takes the whole configuration, so what the panel does not show (materiality,
 * thresholds, parameters) is sent back as it is. The zone goes back by name; settings
 * kept on a fixed offset (written before workspaces had zones) move to the workspace's
 * zone with the change.
 */
export function settingsInput(
  current: ContinuousSettings,
  change: Partial<Pick<ContinuousSettingsInput, 'enabled' | 'notify_from'>>,
): ContinuousSettingsInput {
  return {
    enabled: change.enabled ?? current.enabled,
    notify_from: change.notify_from ?? current.notify_from,
    materiality: current.materiality,
    performance_materiality: current.performance_materiality,
    approval_thresholds: current.approval_thresholds,
    ...(current.time_zone ? { time_zone: current.time_zone } : {}),
    params: current.params,
  };
}

/** "Backdated, Just below approval threshold": the control points behind a flag. */
export function flagSummary(entry: FlaggedEntry): string {
  return entry.reasons.map((reason) => testLabel(reason.test)).join(', ');
}

/** What the list covers, in words. */
export function flaggedCaption(view: FlaggedView): string {
  const count = view.entries.length;
  const what = `${count} ${count === 1 ? 'entry' : 'entries'} scored ${
    view.notify_from === 'medium' ? 'medium or high' : 'high'
  }`;
  return view.lock_date
    ? `${what}, dated after the last close (${view.lock_date})`
    : `${what} — the books have not been closed yet`;
}

/** The status line under the toggle. */
export function monitoringStatus(settings: ContinuousSettings): string {
  if (!settings.enabled) {
    return 'Off: new entries are not scored. Turn it on to flag risky entries as they are posted.';
  }
  const band = settings.notify_from === 'medium' ? 'medium or high' : 'high';
  const clock = settings.time_zone ? ` Posting times are read on ${settings.time_zone} time.` : '';
  return `On: every new entry is scored; entries scoring ${band} are flagged and the workspace's Admins notified.${clock}`;
}

/** The flag a notification links to (`/audit?continuous_entry=<id>`), when listed. */
export function linkedFlag(view: FlaggedView | undefined, entryId: string | null) {
  if (!view || !entryId) return null;
  return view.entries.find((entry) => entry.entry_id === entryId) ?? null;
}
