/**
 * The wallet screen's decisions, free of React: the transactions grid's date filters as
 * the API reads them, its signed amounts, and which providers may be chosen for a top-up.
 */
import type { ProviderChoice, TransactionFilters, WalletTransaction } from '../api/wallet';

export type FilterForm = {
  transactionType: string;
  status: string;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  /** `YYYY-MM-DD`, inclusive. */
  to: string;
};

export const NO_FILTERS: FilterForm = { transactionType: '', status: '', from: '', to: '' };

/** The API's filters for the form: dates are whole UTC days, both ends included. */
export function toQuery(form: FilterForm): TransactionFilters {
  const query: TransactionFilters = {};
  if (form.transactionType) query.transaction_type = form.transactionType;
  if (form.status) query.status = form.status;
  if (form.from) query.created_datetime__gte = form.from;
  if (form.to) query.created_datetime__lte = `${form.to}T23:59:59Z`;
  return query;
}

/** The providers a top-up may go through: the live ones, the sandbox first. */
export function liveProviders(providers: ProviderChoice[] | undefined): ProviderChoice[] {
  return (providers ?? []).filter((p) => p.live);
}

/**
 * A transaction's amount as it moves the balance: a debit (a payment out) is negative, so
 * it shows in brackets like every other negative figure; the API sends both unsigned.
 */
export function signedAmount(transaction: Pick<WalletTransaction, 'amount' | 'transaction_type'>) {
  const amount = transaction.amount.trim();
  if (transaction.transaction_type !== 'debit' || amount.startsWith('-')) return amount;
  return `-${amount}`;
}
