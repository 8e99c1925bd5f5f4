import { mutate } from 'swr';

import { useWorkspaceId } from '@/lib/active-workspace';

import { AttachedDocuments, type AttachedDocument } from '@/features/documents';
import { accountingPaths } from '../api/paths';

/** The documents of the entry shown in the drawer; a change re-reads the entry. */
export function AttachedFiles({
  entryId,
  documents,
  canAttach,
}: {
  entryId: string;
  documents: AttachedDocument[];
  canAttach: boolean;
}) {
  const workspaceId = useWorkspaceId();
  if (!workspaceId) return null;
  return (
    <AttachedDocuments
      workspaceId={workspaceId}
      target={{ kind: 'journal_entry', id: entryId }}
      documents={documents}
      canAttach={canAttach}
      onChanged={() => void mutate([accountingPaths.entry(workspaceId, entryId)])}
    />
  );
}
