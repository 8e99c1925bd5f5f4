/**
 * Who may publish a session's result at a public link, or revoke one: the server's rule
 * (command-api `audit_sessions.rs`), decided by the one permission module — the audit
 * service (`audit_sessions`) and `publish_audit_results`, a role that writes and, short
 * of Admin, having opened the session. Viewers never publish.
 */
import { checkPermission, type PermissionContext } from '@/lib/permissions';

export function canPublishSession(
  context: PermissionContext,
  session: { opened_by?: string },
  userId: string | null | undefined,
): boolean {
  const isOwner = Boolean(userId) && session.opened_by === userId;
  return (
    checkPermission({ action: 'audit_sessions' }, context).allowed &&
    checkPermission({ action: 'publish_audit_results', isOwner }, context).allowed
  );
}
