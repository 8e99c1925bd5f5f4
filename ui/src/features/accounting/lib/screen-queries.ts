/**
 * The report parameters a screen starts from when its address names none: the screen
 * reads them (`useQueryState`) and its prefetch asks with them (`../prefetch`), so both
 * make the same request.
 */
import { isGranularity, type SummaryQuery } from '../api/reports';
import type { IncomeStatementQuery } from '../api/statements';
import { startOfYear, todayIso, trailingRange } from './periods';

export const trialBalanceDefaults = () => ({ as_of: todayIso(), compare_to: '' });

/** The year to date, over every account. */
export const generalLedgerDefaults = () => ({
  account_id: '',
  from: startOfYear(todayIso()),
  to: todayIso(),
});

/** The last twelve months, by month. */
export const summaryDefaults = () => ({
  granularity: 'month',
  ...trailingRange(todayIso(), 'month'),
});

/** The summary the screen's values ask for (by month unless told), or null without dates. */
export function summaryQueryOf(values: {
  granularity: string;
  from: string;
  to: string;
}): SummaryQuery | null {
  if (!values.from || !values.to) return null;
  const granularity = isGranularity(values.granularity) ? values.granularity : 'month';
  return { from: values.from, to: values.to, granularity };
}

/** Today, beside nothing. */
export const balanceSheetDefaults = trialBalanceDefaults;

/** The year to date. */
export const cashFlowDefaults = () => ({ from: startOfYear(todayIso()), to: todayIso() });

/** The year to date, beside no comparison period. */
export const incomeStatementDefaults = () => ({
  ...cashFlowDefaults(),
  compare_from: '',
  compare_to: '',
});

/** The statement the screen's values ask for: compared only when both ends are given. */
export function incomeStatementQueryOf(values: {
  from: string;
  to: string;
  compare_from: string;
  compare_to: string;
}): IncomeStatementQuery {
  const comparing = Boolean(values.compare_from && values.compare_to);
  return {
    from: values.from,
    to: values.to,
    compare_from: comparing ? values.compare_from : null,
    compare_to: comparing ? values.compare_to : null,
  };
}
