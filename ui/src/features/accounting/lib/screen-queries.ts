/**
 * The report parameters a screen starts from when its address names none: the screen
 * reads them (`useQueryState`) and its prefetch asks with them (`../prefetch`), so both
 * make the same request.
 */
import { startOfYear, todayIso } from './periods';

export const trialBalanceDefaults = () => ({ as_of: todayIso(), compare_to: '' });

/** The year to date, over every account. */
export const generalLedgerDefaults = () => ({
  account_id: '',
  from: startOfYear(todayIso()),
  to: todayIso(),
});
