import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

import { formatBytes, type AttachedDocument } from '@/features/documents';

/**
 * The documents behind each flagged entry, with the SHA-256 of their bytes, so a reviewer
 * outside the workspace can match a file to the evidence in the books. Each name
 * downloads the file through the shared link (its `url`), no sign-in needed.
 */
export function EvidencePanel({
  flagged,
  evidence,
}: {
  flagged: { entry_id: string; number: string }[];
  evidence: Record<string, AttachedDocument[]>;
}) {
  const backed = flagged.filter((entry) => (evidence[entry.entry_id] ?? []).length > 0);
  return (
    <Paper withBorder radius="md" p="md" data-testid="shared-audit-evidence">
      <Text fw={600} mb="xs">
        Evidence on flagged entries
      </Text>
      {backed.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document is attached to the flagged entries.
        </Text>
      ) : (
        <Stack gap="xs">
          {backed.map((entry) => (
            <Stack key={entry.entry_id} gap={2}>
              <Text size="sm" fw={500}>
                {entry.number}
              </Text>
              {(evidence[entry.entry_id] ?? []).map((doc) => (
                <Group key={doc.id} gap="xs" wrap="nowrap">
                  <IconPaperclip size={14} />
                  <Anchor size="sm" href={doc.url} download={doc.name}>
                    {doc.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatBytes(doc.size)}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    SHA-256 {doc.sha256}
                  </Text>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
