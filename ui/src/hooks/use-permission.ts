import { useCallback } from 'react';

import { openPermissionDialog } from '@/components/permissions/permission-dialog-store';
import { useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import {
  checkPermission,
  effectivePlan,
  modalKindFor,
  roleInOrganization,
  roleInWorkspace,
  type PermissionCheck,
  type PermissionResult,
} from '@/lib/permissions';
import { storage } from '@/lib/storage';
import { useOrganizationPlan } from '@/lib/subscription';

/**
 * Checks an action for the signed-in user in the active workspace, or, with
 * `organizationId`, in that organization (for actions on the organization such as
 * creating a workspace). With variant 'dialog' a denial opens the matching permission
 * modal; with 'alert' it is an error toast; with 'none' (default) the caller decides.
 */
export function usePermission({ organizationId }: { organizationId?: string | null } = {}) {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled: planSettled } = useOrganizationPlan();
  const workspaceId = storage.getWorkspaceId();
  const inWorkspace = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const role =
    user && organizationId
      ? (roleInOrganization(user.memberships, organizationId) ?? inWorkspace)
      : inWorkspace;
  const plan = effectivePlan(planRef).id;

  const check = useCallback(
    (input: PermissionCheck): PermissionResult => {
      const result = checkPermission(input, { role, plan });
      if (!result.allowed) {
        if (input.variant === 'dialog') {
          openPermissionDialog({
            kind: modalKindFor(result.reason),
            resourceName: result.resourceName,
          });
        } else if (input.variant === 'alert') {
          notify.error(result.message);
        }
      }
      return result;
    },
    [role, plan],
  );

  /** False until the user and the organization's plan are known; checks before then would mislead. */
  const ready = user !== undefined && planSettled;
  return { checkPermission: check, role, plan, ready };
}
