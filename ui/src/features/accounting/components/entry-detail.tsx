import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { formatMoney, isZero } from '@/lib/money';
import { formatDateText } from '@/lib/format-date-time';

import type { CommandResult, EntryDetail as Entry } from '../api/journal-entries';

import { AttachedFiles } from './attached-files';
import { EntryHistory } from './entry-history';
import { EntryStatusBadge } from './entry-status-badge';
import { ReverseEntryModal } from './reverse-entry-modal';

type EntryDetailProps = {
  entry: Entry;
  currency: string;
  authorName: string;
  canPost: boolean;
  canWriteDrafts: boolean;
  onDuplicate: () => void;
  onReversed: (result: CommandResult) => void;
};

const entryLink = (id: string) =>
  `${paths.accounting.journalEntry}?entry=${encodeURIComponent(id)}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** A posted (or reversed) entry, read-only, with its reversal links and actions. */
export function EntryDetail({
  entry,
  currency,
  authorName,
  canPost,
  canWriteDrafts,
  onDuplicate,
  onReversed,
}: EntryDetailProps) {
  const [reversing, setReversing] = useState(false);
  const reversible = entry.status === 'posted' && !entry.reversed_by;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <EntryStatusBadge status={entry.status} />
          {entry.reverses && (
            <Text size="sm">
              Reverses{' '}
              <Anchor component={Link} to={entryLink(entry.reverses)}>
                {entry.reverses_number ?? 'the original'}
              </Anchor>
            </Text>
          )}
          {entry.reversed_by && (
            <Text size="sm">
              Reversed by{' '}
              <Anchor component={Link} to={entryLink(entry.reversed_by)}>
                {entry.reversed_by_number ?? 'a reversal'}
              </Anchor>
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {canWriteDrafts && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCopy size={14} />}
              onClick={onDuplicate}
            >
              Duplicate
            </Button>
          )}
          {canPost && reversible && (
            <Button
              color="orange"
              variant="light"
              size="xs"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => setReversing(true)}
            >
              Reverse
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={4} spacing="md">
        <Fact label="Date">{formatDateText(entry.date)}</Fact>
        <Fact label="Reference">{entry.reference || '—'}</Fact>
        <Fact label="Author">{authorName}</Fact>
        <Fact label="Posted">
          {entry.posted_datetime ? entry.posted_datetime.slice(0, 16).replace('T', ' ') : '—'}
        </Fact>
      </SimpleGrid>
      {entry.memo && <Fact label="Memo">{entry.memo}</Fact>}
      <Paper withBorder radius="md">
        <Table verticalSpacing={8} aria-label="Entry lines">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Debit</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.lines.map((line) => (
              <Table.Tr key={line.line_index}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    size="sm"
                    to={`${paths.accounting.generalLedger}?account_id=${encodeURIComponent(line.account_id)}`}
                  >
                    {line.account_code} · {line.account_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right" className="ledger-money">
                  {!isZero(line.debit) ? formatMoney(line.debit, currency) : ''}
                </Table.Td>
                <Table.Td ta="right" className="ledger-money">
                  {!isZero(line.credit) ? formatMoney(line.credit, currency) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td colSpan={2}>Total</Table.Td>
              <Table.Td ta="right" className="ledger-money">
                {formatMoney(entry.total_debit, currency)}
              </Table.Td>
              <Table.Td ta="right" className="ledger-money">
                {formatMoney(entry.total_credit, currency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
      <Text size="xs" c="dimmed">
        Posted entries never change; correct one by reversing it and posting a new entry.
      </Text>
      <AttachedFiles entryId={entry.id} documents={entry.documents} canAttach={canWriteDrafts} />
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        History
      </Text>
      <EntryHistory entryId={entry.id} />
      {reversing && (
        <ReverseEntryModal
          entry={entry}
          opened={reversing}
          onClose={() => setReversing(false)}
          onReversed={(result) => {
            setReversing(false);
            onReversed(result);
          }}
        />
      )}
    </Stack>
  );
}
