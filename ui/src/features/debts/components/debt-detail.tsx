import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { AttachedDocuments } from '@/features/documents';
import { DataGrid } from '@/components/data-grid/data-grid';
import { formatDate, formatDateText } from '@/lib/format-date-time';
import { formatMoney, toChartNumber } from '@/lib/money';

import { REPAYMENT_TYPE_LABELS, refreshBooks, repaymentTypeOf, type Debt } from '../api/debts';
import {
  useDebtSchedule,
  useRepayments,
  type Repayment,
  type ScheduleRow,
} from '../api/repayments';
import { directionLabel, statusLabel } from '../lib/labels';
import { LazyBalancePlot } from './lazy-debt-plots';
import { RepayModal } from './repay-modal';

/** An instalment's state as people read it; overdue when its date has passed unpaid. */
function instalmentStatus(row: ScheduleRow): string {
  if (row.status === 'paid') return 'Paid';
  if (row.overdue) return 'Overdue';
  return row.status === 'partly_paid' ? 'Partly paid' : 'Due';
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ledger-money">
        {value}
      </Text>
    </div>
  );
}

type DebtDetailProps = {
  workspaceId: string;
  currency: string;
  debt: Debt;
  canPost: boolean;
  onEdit: () => void;
};

/**
 * One debt: its figures, its amortization schedule (grid and balance chart) and the
 * repayments recorded, each split into interest and principal by the server; editing
 * and repaying for those who post.
 */
export function DebtDetail({ workspaceId, currency, debt, canPost, onEdit }: DebtDetailProps) {
  const schedule = useDebtSchedule(workspaceId, debt.id);
  const repayments = useRepayments(workspaceId, debt.id);
  const [repaying, setRepaying] = useState(false);
  const money = (value: string) => formatMoney(value, currency);
  const settled = debt.status === 'settled';

  const scheduleColumns = useMemo<ColDef<ScheduleRow>[]>(
    () => [
      { field: 'number', headerName: 'No.', width: 64, minWidth: 56, type: 'rightAligned' },
      dateColumn<ScheduleRow>('due_date', 'Due date', 115),
      // No opening balance: it is the row above's closing balance (the principal, first),
      // and a seventh money column does not fit beside the status at 1440 px.
      moneyColumn<ScheduleRow>('payment', 'Payment', { currency, width: 125 }),
      moneyColumn<ScheduleRow>('interest', 'Interest', { currency, width: 125 }),
      moneyColumn<ScheduleRow>('principal', 'Principal', { currency, width: 125 }),
      moneyColumn<ScheduleRow>('closing_balance', 'Closing balance', { currency, width: 125 }),
      moneyColumn<ScheduleRow>('unpaid', 'Left to pay', {
        currency,
        blankZero: true,
        width: 125,
      }),
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        minWidth: 90,
        valueFormatter: ({ data: row }) => (row ? instalmentStatus(row) : ''),
        cellClassRules: { 'ledger-overdue': ({ data: row }) => row?.overdue === true },
      },
    ],
    [currency],
  );
  const repaymentColumns = useMemo<ColDef<Repayment>[]>(
    () => [
      dateColumn<Repayment>('date', 'Date', 115),
      moneyColumn<Repayment>('amount', 'Amount', { currency }),
      moneyColumn<Repayment>('interest', 'Interest', { currency }),
      moneyColumn<Repayment>('principal', 'Principal', { currency }),
      moneyColumn<Repayment>('prepayment', 'Of which prepaid', { currency, blankZero: true }),
    ],
    [currency],
  );
  const series = useMemo(
    () =>
      (schedule.data?.rows ?? []).map((row) => ({
        date: row.due_date,
        balance: toChartNumber(row.closing_balance),
      })),
    [schedule.data],
  );

  return (
    <Stack gap="sm" data-testid="debt-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {debt.counterparty}
            </Text>
            {debt.reference && <Badge variant="light">{debt.reference}</Badge>}
            <Badge color={settled ? 'gray' : 'teal'} variant="light">
              {statusLabel(debt.status)}
            </Badge>
            {debt.days_past_due > 0 && (
              <Badge color="red" variant="light" data-testid="debt-days-past-due">
                {debt.days_past_due} days past due
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {directionLabel(debt.direction)} · {REPAYMENT_TYPE_LABELS[repaymentTypeOf(debt)]} at{' '}
            {debt.annual_interest_rate}% a year over {debt.term_months} months · from{' '}
            {formatDateText(debt.start_date)}, first due {formatDateText(debt.first_due_date)}
          </Text>
        </div>
        {canPost && !settled && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" onClick={() => setRepaying(true)}>
              Repay
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label="Principal" value={money(debt.principal)} />
        <Figure label="Outstanding" value={money(debt.outstanding)} />
        <Figure label="Overdue" value={money(debt.overdue)} />
        <Figure label="Next due" value={debt.next_due ? formatDate(debt.next_due.due_date) : '—'} />
        <Figure label="Next amount" value={debt.next_due ? money(debt.next_due.amount) : '—'} />
      </SimpleGrid>
      {debt.drawdown_entry_id === null && (
        <Text size="sm" c="dimmed">
          Its drawdown was not posted with it: if the money is not in the books yet, post it as a
          journal entry.
        </Text>
      )}
      <Paper withBorder radius="md" p="md" data-testid="balance-chart">
        <Text fw={600} size="sm" mb="xs">
          Balance after each instalment
        </Text>
        <LazyBalancePlot series={series} currency={currency} />
      </Paper>
      <DataGrid<ScheduleRow>
        gridId="debt-schedule"
        ariaLabel="Repayment schedule"
        exportFileName={`schedule-${debt.reference || debt.id}`}
        columnDefs={scheduleColumns}
        rowData={schedule.data?.rows ?? []}
        loading={schedule.isLoading}
        getRowId={({ data: row }) => row.due_date}
        noRowsText="No instalments left."
        height={360}
        toolbar={
          schedule.data && (
            <Text size="xs" c="dimmed" data-testid="schedule-totals">
              Interest over the term {money(schedule.data.total_interest)} · payments{' '}
              {money(schedule.data.total_payment)} · principal owed{' '}
              {money(schedule.data.principal_outstanding)}
            </Text>
          )
        }
      />
      <DataGrid<Repayment>
        gridId="debt-repayments"
        ariaLabel="Repayments"
        exportFileName={`repayments-${debt.reference || debt.id}`}
        columnDefs={repaymentColumns}
        rowData={repayments.data ?? []}
        loading={repayments.isLoading}
        getRowId={({ data: row }) => row.journal_entry_id}
        noRowsText={
          canPost && !settled
            ? 'No repayments yet. Repay records one and posts it, split into interest and principal.'
            : 'No repayments yet.'
        }
        height={Math.min(300, 80 + (repayments.data?.length ?? 1) * 36)}
      />
      <AttachedDocuments
        workspaceId={workspaceId}
        target={{ kind: 'debt', id: debt.id }}
        documents={debt.documents}
        canAttach={canPost}
        onChanged={() => void refreshBooks(workspaceId)}
      />
      {canPost && (
        <RepayModal
          workspaceId={workspaceId}
          currency={currency}
          debt={debt}
          opened={repaying}
          onClose={() => setRepaying(false)}
        />
      )}
    </Stack>
  );
}
