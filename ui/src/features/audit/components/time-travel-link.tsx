import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { AuditSession } from '../api/schemas';

/** The session's last sign-off (the reviewer's, else the performer's), or null. */
export function signOffMoment(session: AuditSession): string | null {
  return session.reviewer.signed_at ?? session.performer.signed_at ?? null;
}

/** The last second of a calendar day on this computer's clock, as RFC 3339 in UTC. */
export function endOfDay(isoDate: string): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/**
 * The time-travel page's query for a session: its period, and the books as known at its
 * last sign-off (the reviewer's, else the performer's); null before any sign-off.
 */
export function signOffQuery(session: AuditSession): Record<string, string> | null {
  const signedAt = signOffMoment(session);
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
      // The session id lets the page offer "At sign-off" again after the moment is changed.
      onClick={() => query && navigate(paths.auditTimeTravel({ ...query, session: session.id }))}
    >
      Books as known at sign-off
    </Button>
  );
}
