/**
 * What each audit screen asks for first, asked as navigation to it starts
 * (`app/prefetch`), with the calls of the screen's own hooks.
 */
import { prefetch } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/api/prefetch';

import { CHART_PATH, accountLabelsCall } from './api/account-labels';
import { FLAGGED_PATH, SETTINGS_PATH } from './api/continuous';
import { NOTES_PATH, SHARES_PATH, SHARE_VIEWS_PATH } from './api/findings';
import { SESSIONS_PATH, SESSION_PATH, SESSION_RESULT_PATH, sessionCall } from './api/sessions';
import {
  AFTER_CLOSE_PATH,
  COMPARISON_PATH,
  KNOWN_LEDGER_PATH,
  KNOWN_TRIAL_BALANCE_PATH,
  timeTravelCall,
} from './api/time-travel';
import { timeTravelAddress, timeTravelViews } from './lib/time-travel-address';

/** The sessions, and the continuous monitoring beside them. */
export const sessions: ScreenPrefetch = ({ workspaceId }) => {
  const workspace = { params: { workspace_id: workspaceId } };
  prefetch(SESSIONS_PATH, workspace);
  prefetch(SETTINGS_PATH, workspace);
  prefetch(FLAGGED_PATH, workspace);
};

/**
 * One session: it, its result, the notes on its findings, its share links, and the
 * chart that names the accounts its findings give by id.
 */
export const session: ScreenPrefetch = ({ workspaceId, params }) => {
  const id = params.sessionId;
  if (!id) return;
  for (const path of [
    SESSION_PATH,
    SESSION_RESULT_PATH,
    NOTES_PATH,
    SHARES_PATH,
    SHARE_VIEWS_PATH,
  ] as const) {
    prefetch(path, sessionCall(workspaceId, id));
  }
  prefetch(CHART_PATH, accountLabelsCall(workspaceId));
};

/** The views of the moment the address names (only those the screen will ask for). */
export const timeTravel: ScreenPrefetch = ({ workspaceId, search }) => {
  const { applied, sessionId } = timeTravelAddress(search);
  const views = timeTravelViews(applied);
  if (sessionId) prefetch(SESSION_PATH, sessionCall(workspaceId, sessionId));
  prefetch(KNOWN_TRIAL_BALANCE_PATH, timeTravelCall(workspaceId, views.trialBalance));
  prefetch(KNOWN_LEDGER_PATH, timeTravelCall(workspaceId, views.ledger));
  if (views.comparison.from) {
    prefetch(COMPARISON_PATH, timeTravelCall(workspaceId, views.comparison));
  }
  if (views.afterClose.period_end && views.afterClose.closed_at) {
    prefetch(AFTER_CLOSE_PATH, timeTravelCall(workspaceId, views.afterClose));
  }
};
