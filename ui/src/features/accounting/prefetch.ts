/**
 * What each accounting screen asks for first, asked as navigation to it starts
 * (`app/prefetch`). Each plan makes the calls of the screen's own hooks, with the
 * defaults the screen reads when its address names none.
 */
import { prefetch } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/api/prefetch';

import { ACCOUNTS_PATH, accountsCall } from './api/accounts';
import {
  GENERAL_LEDGER_PATH,
  TRIAL_BALANCE_PATH,
  ledgerPageCall,
  trialBalanceCall,
} from './api/reports';
import { queryFromSearch } from './hooks/use-query-state';
import { generalLedgerDefaults, trialBalanceDefaults } from './lib/screen-queries';

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
