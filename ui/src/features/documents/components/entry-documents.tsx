import { ActionIcon, Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '@/lib/notify';

import {
  attachDocument,
  detachDocument,
  refreshDocuments,
  useWorkspaceFiles,
  type AttachedDocument,
} from '../api/documents';
import { formatBytes } from '../lib/documents';
import { DocumentPreview } from './document-preview';

/**
 * The files backing one journal entry, draft or posted: open one, attach another of the
 * workspace's documents, or detach one. Attaching never changes the entry itself.
 */
export function EntryDocuments({
  workspaceId,
  entryId,
  documents,
  canAttach,
  onChanged,
}: {
  workspaceId: string;
  entryId: string;
  documents: AttachedDocument[];
  canAttach: boolean;
  onChanged: () => void;
}) {
  const [preview, setPreview] = useState<AttachedDocument | null>(null);
  const { data: files } = useWorkspaceFiles(canAttach ? workspaceId : null);
  const attached = new Set(documents.map((d) => d.id));
  const choices = (files ?? [])
    .filter((f) => f.kind === 'document' && !attached.has(f.id))
    .map((f) => ({ value: f.id, label: f.name ?? f.id }));

  const changed = async () => {
    onChanged();
    await refreshDocuments(workspaceId);
  };
  return (
    <Stack gap="xs" data-testid="entry-documents">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        Documents
      </Text>
      {documents.length === 0 && (
        <Text size="sm" c="dimmed">
          No document backs this entry yet.
        </Text>
      )}
      {documents.map((d) => (
        <Group key={d.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={14} />
          <Anchor component="button" type="button" size="sm" onClick={() => setPreview(d)}>
            {d.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatBytes(d.size)}
          </Text>
          {canAttach && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={`Detach ${d.name}`}
              onClick={() =>
                void detachDocument(d.id, entryId)
                  .then(changed)
                  .catch(() => undefined)
              }
            >
              <IconX size={12} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canAttach && (
        <Select
          size="xs"
          maw={320}
          placeholder={choices.length ? 'Attach a document…' : 'Upload documents under Downloads'}
          aria-label="Attach a document"
          data={choices}
          value={null}
          searchable
          disabled={choices.length === 0}
          onChange={(id) => {
            if (!id) return;
            void attachDocument(id, entryId)
              .then(() => notify.success('Document attached'))
              .then(changed)
              .catch(() => undefined);
          }}
        />
      )}
      <DocumentPreview document={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
