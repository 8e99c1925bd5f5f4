/**
 * What the debt screen asks for first, asked as navigation to it starts
 * (`app/prefetch`): the list, and the schedule and repayments of the debt its address
 * opens; or the aging as of today.
 */
import { prefetch } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/api/prefetch';

import { AGING_PATH, agingCall } from './api/aging';
import { DEBTS_PATH, debtsCall } from './api/debts';
import { REPAYMENTS_PATH, SCHEDULE_PATH, debtCall } from './api/repayments';
import { debtScreenAddress } from './lib/screen-address';
import { todayIso } from './lib/today';

export const debtManagement: ScreenPrefetch = ({ workspaceId, search }) => {
  const { tab, debt } = debtScreenAddress(search);
  if (tab === 'aging') {
    prefetch(AGING_PATH, agingCall(workspaceId, todayIso(), null));
    return;
  }
  prefetch(DEBTS_PATH, debtsCall(workspaceId, { direction: null, status: null }));
  if (debt) {
    prefetch(SCHEDULE_PATH, debtCall(workspaceId, debt));
    prefetch(REPAYMENTS_PATH, debtCall(workspaceId, debt));
  }
};
