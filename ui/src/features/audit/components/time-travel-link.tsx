import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { AuditSession } from '../api/schemas';

/**
 * The time-travel page's query for a session: its period, and the books as known at its
 * last sign-off (the reviewer's, else the performer's); null before any sign-off.
 */
export function signOffQuery(session: AuditSession): Record<string, string> | null {
  const signedAt = session.reviewer.signed_at ?? session.performer.signed_at;
  if (!signedAt) return null;
  return {
    as_of: session.period_end,
    known_at: signedAt,
    period_start: session.period_start,
    period_end: session.period_end,
  };
}

/** "Books as known at sign-off": the session's period read from the log as it stood then. */
export function TimeTravelLink({ session }: { session: AuditSession }) {
  const navigate = useNavigate();
  const query = signOffQuery(session);
  return (
    <Button
      variant="default"
      leftSection={<IconHistory size={16} />}
      disabled={!query}
      title={query ? undefined : 'After the performer has signed off'}
      onClick={() => query && navigate(paths.auditTimeTravel(query))}
    >
      Books as known at sign-off
    </Button>
  );
}
