import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { useState } from 'react';

import { useWorkspaceId } from '@/lib/active-workspace';
import { formatDateText } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import {
  closeFiscalYear,
  reopenFiscalYear,
  setFiscalYearStart,
  useAccountingSettings,
  useFiscalYears,
  type FiscalYear,
} from '../api/fiscal-years';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The fiscal years beside the lock date: the month they start in and each year's status.
 * Those who may post (the right that moves the lock date) change the start month and
 * close or reopen a year; the server keeps the order (earliest open year first, latest
 * closed year first) and says why when it refuses.
 */
export function FiscalYearsControl({ canChange }: { canChange: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarStats size={16} />}
        onClick={() => setOpened(true)}
      >
        Fiscal years
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Fiscal years" size="lg">
        {opened && <FiscalYearsPanel canChange={canChange} />}
      </Modal>
    </>
  );
}

export function FiscalYearsPanel({ canChange }: { canChange: boolean }) {
  const workspaceId = useWorkspaceId();
  const { data: settings } = useAccountingSettings();
  const { data: years } = useFiscalYears();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key);
    try {
      await action();
      notify.success(done);
    } catch {
      // The API client has shown what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const startMonth = settings?.fiscal_year_start_month;
  return (
    <Stack gap="md">
      <Select
        label="Fiscal year starts in"
        data={MONTHS.map((label, i) => ({ value: String(i + 1), label }))}
        value={startMonth ? String(startMonth) : null}
        disabled={!canChange || !workspaceId || busy !== null}
        allowDeselect={false}
        onChange={(value) => {
          if (!value || !workspaceId || Number(value) === startMonth) return;
          void run(
            'start',
            () => setFiscalYearStart(workspaceId, Number(value)),
            `Fiscal years now start in ${MONTHS[Number(value) - 1]}`,
          );
        }}
      />
      <Text size="xs" c="dimmed">
        Reports show income and expense for the current fiscal year; earlier years’ result is in
        retained earnings. Closing a year posts that move as an entry and locks the year.
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Year</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th>Status</Table.Th>
            {canChange && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(years ?? []).map((year) => (
            <YearRow
              key={year.year}
              year={year}
              canChange={canChange}
              busy={busy}
              onClose={() =>
                workspaceId &&
                void run(
                  `close-${year.year}`,
                  () => closeFiscalYear(workspaceId, year.year),
                  `Fiscal year ${year.year} closed`,
                )
              }
              onReopen={() =>
                workspaceId &&
                void run(
                  `reopen-${year.year}`,
                  () => reopenFiscalYear(workspaceId, year.year),
                  `Fiscal year ${year.year} reopened`,
                )
              }
            />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function YearRow({
  year,
  canChange,
  busy,
  onClose,
  onReopen,
}: {
  year: FiscalYear;
  canChange: boolean;
  busy: string | null;
  onClose: () => void;
  onReopen: () => void;
}) {
  const closed = year.status === 'closed';
  return (
    <Table.Tr data-testid={`fiscal-year-${year.year}`}>
      <Table.Td>{year.year}</Table.Td>
      <Table.Td>
        {formatDateText(year.first_day)} – {formatDateText(year.last_day)}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Badge color={closed ? 'orange' : 'gray'} variant="light" tt="none">
            {closed ? 'Closed' : 'Open'}
          </Badge>
          {closed && year.closing_entry_number && (
            <Text size="xs" c="dimmed">
              {year.closing_entry_number}
            </Text>
          )}
        </Group>
      </Table.Td>
      {canChange && (
        <Table.Td>
          {closed ? (
            <Button
              size="xs"
              variant="subtle"
              loading={busy === `reopen-${year.year}`}
              disabled={busy !== null}
              onClick={onReopen}
            >
              Reopen year
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              loading={busy === `close-${year.year}`}
              disabled={busy !== null}
              onClick={onClose}
            >
              Close year
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
