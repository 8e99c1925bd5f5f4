/**
 * Each signed-in screen asks for its data as navigation to it starts, while its code is
 * still downloading and compiling (`lib/api/prefetch`). A route's loader runs the
 * screen's plan and returns at once: it never holds the navigation, and a plan that
 * guesses wrong costs one unused request, never a wrong screen.
 *
 * A plan lives beside the screen's API module in its feature, loaded with `import()` so
 * the entry stays small; it names the same typed calls the screen's hooks make.
 */
import type {
  LoaderFunction,
  Params,
  RouteObject,
  ShouldRevalidateFunction,
} from 'react-router-dom';

import { prefetch } from '@/lib/api-client';
import type { PrefetchContext, ScreenPrefetch } from '@/lib/api/prefetch';
import { CURRENT_USER_PATH } from '@/lib/auth';
import { storage } from '@/lib/storage';
import { LATEST_SUBSCRIPTION_PATH } from '@/lib/subscription';
import { MY_WORKSPACES_PATH } from '@/lib/workspaces';

function contextOf(request: Request, params: Params): PrefetchContext | null {
  const workspaceId = storage.getWorkspaceId();
  if (!storage.getToken() || !workspaceId) return null;
  return {
    workspaceId,
    organizationId: storage.getActiveOrgId(),
    search: new URL(request.url).searchParams,
    params,
  };
}

/** A loader that starts `plan` (once loaded) and answers nothing. */
export function prefetching(plan: () => Promise<ScreenPrefetch>): LoaderFunction {
  return ({ request, params }) => {
    const context = contextOf(request, params);
    if (context) {
      plan()
        .then((run) => run(context))
        .catch(() => undefined);
    }
    return null;
  };
}

/**
 * A route's plan runs when the route is entered, not again as its query changes (a
 * debt chosen, a date picked): by then the screen has asked for what it shows.
 */
export const onlyWhenEntered: ShouldRevalidateFunction = () => false;

/**
 * What every signed-in layout reads before its screen can decide anything: the user and
 * their memberships, the workspaces, the plan, the unread notifications, and (once a
 * workspace was chosen here before) the workspace and organization records.
 */
function prefetchSessionBasics(): void {
  if (!storage.getToken()) return;
  prefetch(CURRENT_USER_PATH);
  prefetch(MY_WORKSPACES_PATH);
  prefetch(LATEST_SUBSCRIPTION_PATH);
  const organizationId = storage.getActiveOrgId();
  const workspaceId = storage.getWorkspaceId();
  if (organizationId) {
    prefetch('/accounts/organizations/{organization_id}/', {
      params: { organization_id: organizationId },
    });
    if (workspaceId) {
      prefetch('/accounts/organizations/{organization_id}/workspaces/{id}/', {
        params: { organization_id: organizationId, id: workspaceId },
      });
    }
  }
  void import('@/features/notifications/api/get-notifications')
    .then(({ prefetchUnread }) => prefetchUnread())
    .catch(() => undefined);
}

/** The signed-in layouts' loader: the session's basics, asked for once per entry. */
export const sessionBasics = {
  loader: () => {
    prefetchSessionBasics();
    return null;
  },
  shouldRevalidate: onlyWhenEntered,
} satisfies Pick<RouteObject, 'loader' | 'shouldRevalidate'>;
