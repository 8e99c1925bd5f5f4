/**
 * The entry form's balancing rules, mirrored from the domain (DESIGN.md §5) so the form can
 * say why it cannot be posted before anything is sent: at least two lines, each with a
 * debit xor a credit above zero, amounts of at most two decimals, an account on every
 * line, and total debits equal to total credits to the cent (integer cents, never floats).
 */
import { centsToDecimal, parseCents } from '@/lib/money';

export type DraftLine = {
  account_id: string;
  description: string;
  debit: string;
  credit: string;
};

export type LineProblem = {
  line: number;
  /** The cell at fault; null for the line as a whole. */
  field: 'account_id' | 'debit' | 'credit' | null;
  message: string;
  /**
   * True when even a draft is refused (malformed amounts); false when only posting is
   * (a draft is work in progress and may lack an account or an amount).
   */
  blocksDraft: boolean;
};

export type EntryBalance = {
  /** Exact totals as decimal strings ("1250.00"). */
  totalDebit: string;
  totalCredit: string;
  /** Debits minus credits; "0.00" when balanced. */
  difference: string;
  balanced: boolean;
  /** Problems tied to a line (shown on that line). */
  lineProblems: LineProblem[];
  /** Why the entry cannot be posted yet, first reason first; empty when it can. */
  postBlockers: string[];
};

export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount such as 1250.00.';
export const NEGATIVE_MESSAGE = 'An amount cannot be negative.';
export const BOTH_SIDES_MESSAGE = 'A line has either a debit or a credit, not both.';
export const ACCOUNT_MESSAGE = 'Choose an account.';

/** A line nobody has typed into yet: ignored, so the spare rows of the form do not block. */
export function isBlankLine(line: DraftLine): boolean {
  return (
    line.account_id.trim() === '' &&
    line.description.trim() === '' &&
    line.debit.trim() === '' &&
    line.credit.trim() === ''
  );
}

export const NO_AMOUNT_MESSAGE = 'A line needs a debit or a credit above zero.';
export const TOO_FEW_LINES_MESSAGE = 'An entry needs at least two lines.';
export const FIX_LINES_MESSAGE = 'Fix the highlighted lines.';
export const NO_AMOUNTS_MESSAGE = 'Enter the amounts.';

/** "Debits exceed credits by 10.00." — the reason Post is disabled on an unbalanced entry. */
export function unbalancedMessage(differenceCents: bigint): string {
  const side = differenceCents > 0n ? 'Debits exceed credits' : 'Credits exceed debits';
  const gap = centsToDecimal(differenceCents < 0n ? -differenceCents : differenceCents);
  return `${side} by ${gap}.`;
}

function problemsOfLine(line: DraftLine, index: number): LineProblem[] {
  const problems: LineProblem[] = [];
  const d = parseCents(line.debit);
  const c = parseCents(line.credit);
  if (line.account_id.trim() === '') {
    problems.push({
      line: index,
      field: 'account_id',
      message: ACCOUNT_MESSAGE,
      blocksDraft: true,
    });
  }
  const amount = (field: 'debit' | 'credit', cents: bigint | null) => {
    if (cents === null) {
      problems.push({ line: index, field, message: AMOUNT_FORMAT_MESSAGE, blocksDraft: true });
    } else if (cents < 0n) {
      problems.push({ line: index, field, message: NEGATIVE_MESSAGE, blocksDraft: true });
    }
  };
  amount('debit', d);
  amount('credit', c);
  if (d !== null && c !== null) {
    if (d > 0n && c > 0n) {
      problems.push({ line: index, field: null, message: BOTH_SIDES_MESSAGE, blocksDraft: true });
    } else if (d === 0n && c === 0n) {
      problems.push({ line: index, field: null, message: NO_AMOUNT_MESSAGE, blocksDraft: false });
    }
  }
  return problems;
}

export function computeBalance(lines: readonly DraftLine[]): EntryBalance {
  let debit = 0n;
  let credit = 0n;
  const lineProblems: LineProblem[] = [];
  let filled = 0;

  lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    filled += 1;
    lineProblems.push(...problemsOfLine(line, index));
    const d = parseCents(line.debit);
    const c = parseCents(line.credit);
    if (d !== null && d > 0n) debit += d;
    if (c !== null && c > 0n) credit += c;
  });

  const difference = debit - credit;
  const postBlockers: string[] = [];
  if (filled < 2) postBlockers.push(TOO_FEW_LINES_MESSAGE);
  if (lineProblems.length > 0) postBlockers.push(FIX_LINES_MESSAGE);
  if (debit === 0n && credit === 0n) postBlockers.push(NO_AMOUNTS_MESSAGE);
  else if (difference !== 0n) postBlockers.push(unbalancedMessage(difference));

  return {
    totalDebit: centsToDecimal(debit),
    totalCredit: centsToDecimal(credit),
    difference: centsToDecimal(difference),
    balanced: difference === 0n && debit > 0n,
    lineProblems,
    postBlockers,
  };
}

/** Drafts may be unbalanced but must be well formed: the problems that block saving. */
export function draftBlockers(balance: EntryBalance): LineProblem[] {
  return balance.lineProblems.filter((problem) => problem.blocksDraft);
}
