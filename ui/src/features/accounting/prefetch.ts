/**
 * What each accounting screen asks for first, asked as navigation to it starts
 * (`app/prefetch`). Each plan makes the calls of the screen's own hooks, with the
 * defaults the screen reads when its address names none.
 */
import { prefetch } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/api/prefetch';

import { ACCOUNTS_PATH, accountsCall } from './api/accounts';
import { DASHBOARD_PATH, dashboardCall } from './api/dashboard';
import { ENTRIES_PATH, UNFILTERED_ENTRIES, entriesCall } from './api/journal-entries';
import { LOCK_DATE_PATH } from './api/lock-date';
import { MEMBERS_PATH, membersCall } from './api/member-names';
import { SETUP_PROGRESS_PATH } from './api/setup-progress';
import {
  GENERAL_LEDGER_PATH,
  SUMMARY_PATHS,
  TRIAL_BALANCE_PATH,
  ledgerPageCall,
  summaryCall,
  trialBalanceCall,
  type SummaryKind,
} from './api/reports';
import {
  BALANCE_SHEET_PATH,
  CASH_FLOW_PATH,
  INCOME_STATEMENT_PATH,
  balanceSheetCall,
  cashFlowCall,
  incomeStatementCall,
} from './api/statements';
import { queryFromSearch } from './hooks/use-query-state';
import { dashboardDefaults, dashboardRangeOf } from './lib/dashboard-period';
import { todayIso } from './lib/periods';
import {
  balanceSheetDefaults,
  cashFlowDefaults,
  generalLedgerDefaults,
  incomeStatementDefaults,
  incomeStatementQueryOf,
  summaryDefaults,
  summaryQueryOf,
  trialBalanceDefaults,
} from './lib/screen-queries';

export const trialBalance: ScreenPrefetch = ({ workspaceId, search }) => {
  prefetch(
    TRIAL_BALANCE_PATH,
    trialBalanceCall(workspaceId, queryFromSearch(search, trialBalanceDefaults())),
  );
};

/** The tree, and today's balances beside it. */
export const chartOfAccounts: ScreenPrefetch = ({ workspaceId }) => {
  prefetch(ACCOUNTS_PATH, accountsCall(workspaceId, false));
  prefetch(TRIAL_BALANCE_PATH, trialBalanceCall(workspaceId, trialBalanceDefaults()));
};

/** The ledger's first page (which its totals share), and the accounts to pick from. */
export const generalLedger: ScreenPrefetch = ({ workspaceId, search }) => {
  prefetch(ACCOUNTS_PATH, accountsCall(workspaceId, false));
  prefetch(
    GENERAL_LEDGER_PATH,
    ledgerPageCall(workspaceId, queryFromSearch(search, generalLedgerDefaults()), 1),
  );
};

function summary(kind: SummaryKind): ScreenPrefetch {
  return ({ workspaceId, search }) => {
    const query = summaryQueryOf(queryFromSearch(search, summaryDefaults()));
    if (query) prefetch(SUMMARY_PATHS[kind], summaryCall(workspaceId, query));
  };
}

export const incomeSummary = summary('income');
export const expenseSummary = summary('expense');

export const balanceSheet: ScreenPrefetch = ({ workspaceId, search }) => {
  prefetch(
    BALANCE_SHEET_PATH,
    balanceSheetCall(workspaceId, queryFromSearch(search, balanceSheetDefaults())),
  );
};

export const incomeStatement: ScreenPrefetch = ({ workspaceId, search }) => {
  const values = queryFromSearch(search, incomeStatementDefaults());
  prefetch(INCOME_STATEMENT_PATH, incomeStatementCall(workspaceId, incomeStatementQueryOf(values)));
};

export const cashFlow: ScreenPrefetch = ({ workspaceId, search }) => {
  prefetch(CASH_FLOW_PATH, cashFlowCall(workspaceId, queryFromSearch(search, cashFlowDefaults())));
};

/** The journal's first page, unfiltered, the lock date above it and its authors' names. */
export const journalEntries: ScreenPrefetch = ({ workspaceId, organizationId }) => {
  prefetch(ENTRIES_PATH, entriesCall(workspaceId, UNFILTERED_ENTRIES));
  prefetch(LOCK_DATE_PATH, { params: { workspace_id: workspaceId } });
  if (organizationId) prefetch(MEMBERS_PATH, membersCall(organizationId));
};

/** The figures of the period the address names, and the organization's set-up checklist. */
export const dashboard: ScreenPrefetch = ({ workspaceId, organizationId, search }) => {
  const range = dashboardRangeOf(queryFromSearch(search, dashboardDefaults()), todayIso());
  if (range.from <= range.to) {
    prefetch(DASHBOARD_PATH, dashboardCall(workspaceId, range.to, range.from));
  }
  if (organizationId) {
    prefetch(SETUP_PROGRESS_PATH, { params: { organization_id: organizationId } });
  }
};
