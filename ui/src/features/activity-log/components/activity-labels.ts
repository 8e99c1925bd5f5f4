/**
 * How the activity log names things: activity types as words, and an event's payload as
 * a short list of fields for the detail drawer.
 */

/** The activity types the server records, grouped as the filter offers them. */
export const ACTIVITY_TYPE_GROUPS: readonly { group: string; items: readonly string[] }[] = [
  {
    group: 'Security',
    items: [
      'user_registered',
      'user_signed_in',
      'user_sign_in_failed',
      'password_reset_requested',
      'password_changed',
      'two_factor_enabled',
      'two_factor_disabled',
    ],
  },
  {
    group: 'Books',
    items: [
      'journal_entry_posted',
      'journal_entry_reversed',
      'journal_entry_drafted',
      'journal_entry_draft_updated',
      'journal_entry_draft_deleted',
      'account_created',
      'account_updated',
      'account_archived',
      'account_deleted',
      'budget_amount_set',
      'lock_date_set',
      'fiscal_year_start_set',
      'fiscal_year_closed',
      'fiscal_year_reopened',
      'default_chart_set_up',
    ],
  },
  {
    group: 'Organization',
    items: [
      'organization_created',
      'organization_updated',
      'workspace_created',
      'workspace_renamed',
      'workspace_time_zone_changed',
      'workspace_deleted',
      'member_added',
      'member_role_changed',
      'member_workspaces_changed',
      'member_removed',
      'invitation_created',
      'invitation_accepted',
      'invitation_rejected',
      'invitation_cancelled',
      'transfer_requested',
      'transfer_resolved',
      'announcement_sent',
    ],
  },
  { group: 'In the app', items: ['activity_log_exported'] },
];

const ACRONYMS: Record<string, string> = { ip: 'IP', id: 'ID', csv: 'CSV' };

/** `journal_entry_posted` → `Journal entry posted`; `ip_address` → `IP address`. */
export function activityLabel(type: string): string {
  const words = type
    .split('_')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type DetailField = { label: string; value: string };

const HIDDEN_FIELDS = new Set(['type']);

/**
 * The payload's top-level fields as label/value pairs: scalars as text, lists by their
 * length (an entry's lines are shown as "2 items", not dumped), objects by their keys.
 */
export function detailFields(details: unknown): DetailField[] {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return [];
  return Object.entries(details as Record<string, unknown>)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) => ({ label: activityLabel(key), value: describe(value) }));
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return value.length === 0 ? 'none' : value.join(', ');
    }
    return value.length === 1 ? '1 item' : `${value.length} items`;
  }
  if (typeof value === 'object') return Object.keys(value).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}
