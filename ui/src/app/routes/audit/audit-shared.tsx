import { useParams } from 'react-router-dom';

import { SharedAuditScreen } from '@/features/audit/components/shared-audit-screen';

/** `/audit-shared/{token}`: a public, read-only audit result (no sign-in needed). */
export default function AuditSharedRoute() {
  // The router names the segment `sessionId`; it carries the share link's token.
  const { sessionId: token = '' } = useParams();
  return <SharedAuditScreen token={token} />;
}
