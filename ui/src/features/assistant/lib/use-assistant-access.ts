import { useCurrentUser } from '@/lib/auth';
import { useWorkspaceId } from '@/lib/active-workspace';
import { checkPermission, effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

const FULL = 'ai_chatbot:full_access';
const LIMITED = 'ai_chatbot:limited_access';

/**
 * Whether the user may ask the assistant in the active workspace, and whether its answers
 * may carry drafts (spec: `ai_chatbot:full_access`; `ai_chatbot:limited_access` reads
 * only). Decided by the one permission module; the server enforces the same.
 */
export function useAssistantAccess() {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled } = useOrganizationPlan();
  const workspaceId = useWorkspaceId();
  const ready = user !== undefined && settled && workspaceId !== null;
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const plan = effectivePlan(planRef).id;
  const allowed = (action: string, checkBy?: string) =>
    ready && checkPermission({ action, checkBy }, { role, plan }).allowed;
  // Either level counts on each side: an Admin (full by role) on the Basic plan (limited
  // by plan) asks with limited access, as the server decides.
  const either = (checkBy: string) => allowed(FULL, checkBy) || allowed(LIMITED, checkBy);
  const canAsk = either('role') && either('plan');
  // Drafts need full access and the right to write drafts, as on the server.
  const canDraft = allowed('assistant_full') && allowed('write_draft_entries');
  return { ready, workspaceId, canAsk, canDraft };
}
