import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { downloadBlob } from '@/components/data-grid/csv';

import {
  currentConclusions,
  downloadWorkpaper,
  targetKey,
  useFindingNotes,
  type FindingTarget,
} from '../api/findings';
import type { AuditSession, EntryScore } from '../api/schemas';
import { FindingNotesPanel } from './finding-notes-panel';

/** Downloads the session's workpaper PDF. */
export function WorkpaperButton({
  workspaceId,
  sessionId,
}: {
  workspaceId: string;
  sessionId: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(`workpaper-${sessionId}.pdf`, await downloadWorkpaper(workspaceId, sessionId));
    } catch {
      // The API client has already told the user why there is no file.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      onClick={() => void download()}
      loading={busy}
      data-testid="audit-workpaper"
    >
      Workpaper PDF
    </Button>
  );
}

/**
 * The session's notes and conclusions for the result sections: each finding's current
 * conclusion, and the drawer's panel for the selected entry.
 */
export function useSessionFindings(
  workspaceId: string | null,
  sessionId: string,
  session: AuditSession | undefined,
) {
  const notes = useFindingNotes(workspaceId, sessionId);
  const conclusions = useMemo(() => currentConclusions(notes.data ?? []), [notes.data]);
  // Notes and conclusions are taken until the reviewer signs off (the server says 409 after).
  const editable = session?.status === 'open' || session?.status === 'in_review';
  const panel = (target: FindingTarget) => {
    if (!workspaceId || !notes.data) return null;
    const key = targetKey(target);
    return (
      <FindingNotesPanel
        workspaceId={workspaceId}
        sessionId={sessionId}
        target={target}
        notes={notes.data.filter((note) => targetKey(note.target) === key)}
        editable={editable}
      />
    );
  };
  const entryNotes = (score: EntryScore) => panel({ kind: 'entry', entry_id: score.entry_id });
  /** A control point's notes and conclusion: the auditor concludes on a test as a whole. */
  const testNotes = (test: string) => panel({ kind: 'test', test });
  return { conclusions, entryNotes, testNotes };
}
