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
  type AttachmentKind,
  type AttachmentTarget,
} from '../api/documents';
import { formatBytes } from '../lib/documents';
import { DocumentPreview } from './document-preview';

/** The sentence shown while nothing backs the record, by kind. */
const NOTHING_ATTACHED: Record<AttachmentKind, string> = {
  journal_entry: 'No document backs this entry yet.',
  fixed_asset: 'No document backs this asset yet (an invoice, a delivery note).',
  debt: 'No document backs this debt yet (the loan agreement, a statement).',
};

/**
 * The files backing one record — a journal entry (draft or posted), a fixed asset or a
 * debt: open one, attach another of the workspace's documents, or detach one. Attaching
 * never changes the record itself.
 */
export function AttachedDocuments({
  workspaceId,
  target,
  documents,
  canAttach,
  onChanged,
}: {
  workspaceId: string;
  target: AttachmentTarget;
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
    <Stack gap="xs" data-testid={`${target.kind}-documents`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        Documents
      </Text>
      {documents.length === 0 && (
        <Text size="sm" c="dimmed">
          {NOTHING_ATTACHED[target.kind]}
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
                void detachDocument(d.id, target)
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
            void attachDocument(id, target)
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
