import { useCallback, useMemo } from 'react';

import { openPermissionDialog } from '@/components/permissions/permission-dialog-store';
import { useWorkspaceId } from '@/lib/active-workspace';
import { useCurrentUser } from '@/lib/auth';
import {
  checkPermission,
  effectivePlan,
  modalKindFor,
  roleInWorkspace,
  type PermissionResult,
} from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

/** Opens the spec's modal for a refused check (Role Restriction for a role too low). */
function showRefusal(result: PermissionResult): boolean {
  if (!result.allowed) openPermissionDialog({ kind: modalKindFor(result.reason) });
  return result.allowed;
}

/**
 * What the user may do with payroll in the active workspace (DESIGN.md §7): Editors and
 * Admins read it (`payroll:read`), only Admins run it (`payroll:write`); Viewers are
 * refused. The server enforces the same table; this only spares refused requests.
 * Decided for the workspace this screen shows (`useWorkspaceId`), which a first visit
 * has not stored yet when the screen first renders.
 */
export function usePayrollPermissions() {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled } = useOrganizationPlan();
  const workspaceId = useWorkspaceId();
  const ready = user !== undefined && settled;
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const plan = effectivePlan(planRef).id;
  const read = useMemo(
    () => checkPermission({ action: 'read_payroll' }, { role, plan }),
    [role, plan],
  );
  const write = useMemo(
    () => checkPermission({ action: 'run_payroll' }, { role, plan }),
    [role, plan],
  );

  /** For a control shown to readers too: false, with the refusal's modal, unless allowed. */
  const requireWrite = useCallback(() => ready && showRefusal(write), [ready, write]);
  /** Shows why the page itself is refused. */
  const explainReadRefusal = useCallback(() => {
    if (ready) showRefusal(read);
  }, [ready, read]);

  return {
    ready,
    canRead: ready && read.allowed,
    canWrite: ready && write.allowed,
    requireWrite,
    explainReadRefusal,
  };
}
