import { SessionsScreen } from '@/features/audit/components/sessions-screen';

/** `/audit`: the workspace's audit sessions and its continuous monitoring. */
export default function AuditSessionsRoute() {
  return <SessionsScreen />;
}
