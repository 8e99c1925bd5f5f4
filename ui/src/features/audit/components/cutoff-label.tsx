import { Group, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

import type { Cutoff } from '../api/schemas';
import { shortHash } from './audit-format';

/**
 * The chain position a session is pinned to. The tooltip says why it matters: every
 * result is recomputed from the log up to exactly this event, so later postings or
 * reversals never change what was audited, and the hash proves which events were read.
 */
export function CutoffLabel({ cutoff }: { cutoff: Cutoff }) {
  return (
    <Tooltip
      multiline
      w={320}
      withArrow
      label={`Pinned to event #${cutoff.chain_seq} of the workspace's hash chain (head ${cutoff.head_hash}). Results are recomputed from the log up to this event only, so entries posted or reversed later never change them.`}
    >
      <Group gap={4} wrap="nowrap" data-testid="audit-cutoff" style={{ cursor: 'help' }}>
        <IconLock size={12} stroke={1.8} />
        <Text span size="sm">
          #{cutoff.chain_seq}
        </Text>
        <Text span size="xs" ff="monospace" c="dimmed">
          {shortHash(cutoff.head_hash)}
        </Text>
      </Group>
    </Tooltip>
  );
}
