import { useCallback, useMemo } from 'react';

import { openPermissionDialog } from '@/components/permissions/permission-dialog-store';
import { useWorkspaceId } from '@/lib/active-workspace';
import { useCurrentUser } from '@/lib/auth';
import { checkPermission, effectivePlan, modalKindFor, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

/**
 * What the user may do with debts in the active workspace (DESIGN.md §7): reading them
 * is reading the books (`accounting:read`); recording a debt, its drawdown or a repayment
 * posts to the books (`journal_entries:post`). The server enforces the same table; this
 * hides what would be refused. Decided for the workspace this screen shows.
 */
export function useDebtPermissions() {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled } = useOrganizationPlan();
  const workspaceId = useWorkspaceId();
  const ready = user !== undefined && settled;
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const plan = effectivePlan(planRef).id;
  const read = useMemo(
    () => checkPermission({ action: 'read_books' }, { role, plan }),
    [role, plan],
  );
  const post = useMemo(
    () => checkPermission({ action: 'post_entries' }, { role, plan }),
    [role, plan],
  );

  /** Shows why the screen itself is refused (the spec's modal for the reason). */
  const explainReadRefusal = useCallback(() => {
    if (ready && !read.allowed) openPermissionDialog({ kind: modalKindFor(read.reason) });
  }, [ready, read]);

  return {
    ready,
    canRead: ready && read.allowed,
    canPost: ready && post.allowed,
    explainReadRefusal,
  };
}
