import { useParams } from 'react-router-dom';

import { SessionScreen } from '@/features/audit/components/session-screen';

/** `/audit/sessions/:sessionId`: one session's result, findings and sign-offs. */
export default function AuditSessionRoute() {
  const { sessionId = '' } = useParams();
  // A new session id is a new page: fresh drawer, dialogs and form state.
  return <SessionScreen key={sessionId} sessionId={sessionId} />;
}
