/**
 * Where a source of an answer opens in the UI. The server names each source by kind,
 * record and parameters (and the API route behind it); the screen that shows the same
 * figures is chosen here, with the parameters those screens read from their URL.
 */
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date-time';

import type { Source } from '../api/conversations';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The UI route of a source, or null for a kind no screen shows. */
export function sourceLink(source: Source): string | null {
  const { kind, ref, params } = source;
  switch (kind) {
    case 'trial_balance':
      return withQuery(paths.accounting.trialBalance, { as_of: params.as_of });
    case 'income_summary':
      return withQuery(paths.accounting.incomeSummary, { from: params.from, to: params.to });
    case 'expense_summary':
      return withQuery(paths.accounting.expenseSummary, { from: params.from, to: params.to });
    case 'general_ledger':
      return withQuery(paths.accounting.generalLedger, {
        account_id: ref || params.account_id,
        from: params.from,
        to: params.to,
      });
    case 'journal_entries':
      return paths.accounting.journalEntry;
    case 'journal_entry':
    case 'journal_entry_history':
      return ref ? withQuery(paths.accounting.journalEntry, { entry: ref }) : null;
    case 'audit_session':
    case 'audit_finding':
      return ref ? paths.auditSession(ref) : null;
    case 'payroll_summary':
      return paths.accounting.payroll;
    case 'accounts':
      return paths.accounting.root;
    default:
      return null;
  }
}

const KIND_LABELS: Record<string, string> = {
  trial_balance: 'Trial balance',
  income_summary: 'Income summary',
  expense_summary: 'Expense summary',
  general_ledger: 'General ledger',
  journal_entries: 'Journal entries',
  journal_entry: 'Journal entry',
  journal_entry_history: 'Entry history',
  audit_session: 'Audit session',
  audit_finding: 'Audit finding',
  payroll_summary: 'Payroll summary',
  accounts: 'Chart of accounts',
};

/** The link's words: the report's name and the date or period it was read for. */
export function sourceLabel(source: Source): string {
  const name = KIND_LABELS[source.kind] ?? source.kind.replace(/_/g, ' ');
  const { as_of: asOf, from, to, test } = source.params;
  if (asOf) return `${name} as of ${formatDate(asOf)}`;
  if (from && to) return `${name}, ${formatDate(from)} – ${formatDate(to)}`;
  if (test) return `${name}: ${test}`;
  return name;
}
