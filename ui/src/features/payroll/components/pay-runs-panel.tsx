import { Button, Loader, Stack } from '@mantine/core';
import { IconCalendarDollar, IconPlayerPlay, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, monthColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';

import { useEmployees } from '../api/employees';
import { usePayRuns, type PayRunSummary } from '../api/pay-runs';
import { PayrollCostChart } from './payroll-cost-chart';
import { PayRunStatusBadge, RULE_SET_LABELS } from './pay-run-status-badge';

type PayRunsPanelProps = {
  workspaceId: string;
  currency: string;
  onAddEmployee: () => void;
  onStartRun: () => void;
  onOpenRun: (runId: string) => void;
};

function StatusCell({ data }: ICellRendererParams<PayRunSummary>) {
  return data ? <PayRunStatusBadge status={data.status} /> : null;
}

/**
 * The runs, newest period first, under a chart of the year's cost. Before there is
 * anything to show, it says what comes first: an employee, then a run.
 */
export function PayRunsPanel({
  workspaceId,
  currency,
  onAddEmployee,
  onStartRun,
  onOpenRun,
}: PayRunsPanelProps) {
  const runs = usePayRuns(workspaceId);
  const employees = useEmployees(workspaceId, {});
  const thisYear = new Date().getFullYear();
  const years = useMemo(() => {
    const found = new Set<number>([thisYear]);
    for (const run of runs.data ?? []) found.add(Number(run.period.slice(0, 4)));
    return [...found].sort((a, b) => b - a);
  }, [runs.data, thisYear]);
  const [year, setYear] = useState<number | null>(null);
  // The year of the newest run until one is chosen: in January, the runs to look at are
  // mostly last year's.
  const newest = runs.data?.[0]?.period;
  const shownYear = year ?? (newest ? Number(newest.slice(0, 4)) : thisYear);

  const columnDefs = useMemo<ColDef<PayRunSummary>[]>(
    () => [
      monthColumn<PayRunSummary>('period', 'Period', { width: 150, style: 'long' }),
      dateColumn<PayRunSummary>('pay_date', 'Pay date', 115),
      {
        field: 'rule_set',
        headerName: 'Rules',
        width: 180,
        valueFormatter: ({ value }) =>
          typeof value === 'string' ? (RULE_SET_LABELS[value] ?? value) : '',
      },
      { field: 'employees', headerName: 'Employees', width: 110, type: 'rightAligned' },
      moneyColumn<PayRunSummary>('gross', 'Gross pay', {
        currency,
        value: (run) => run.totals.gross,
      }),
      moneyColumn<PayRunSummary>('net_pay', 'Net pay', {
        currency,
        value: (run) => run.totals.net_pay,
      }),
      moneyColumn<PayRunSummary>('employer_cost', 'Employer cost', {
        currency,
        value: (run) => run.totals.employer_cost,
      }),
      { field: 'status', headerName: 'Status', width: 110, cellRenderer: StatusCell },
    ],
    [currency],
  );

  if (runs.error && !runs.data) {
    return <LoadFailed what="pay runs" onRetry={() => void runs.mutate()} />;
  }
  if (!runs.data || !employees.data) return <Loader size="sm" aria-label="Loading pay runs" />;

  if (runs.data.length === 0 && employees.data.count === 0) {
    return (
      <EmptyState
        icon={<IconUsers size={24} stroke={1.6} />}
        title="Add your first employee"
        description="A pay run pays everyone on the payroll for a month. Start by adding an employee with their annual basic, housing and transport pay."
        action={
          <Button leftSection={<IconUserPlus size={16} />} onClick={onAddEmployee}>
            Add employee
          </Button>
        }
      />
    );
  }
  if (runs.data.length === 0) {
    return (
      <EmptyState
        icon={<IconCalendarDollar size={24} stroke={1.6} />}
        title="Run your first payroll"
        description={`${employees.data.count} ${employees.data.count === 1 ? 'employee is' : 'employees are'} on the payroll. Choose a month and a pay date: each gets a payslip with PAYE, pension and NHF worked out, for you to approve and post to the books.`}
        action={
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={onStartRun}>
            Start pay run
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <PayrollCostChart
        workspaceId={workspaceId}
        currency={currency}
        year={shownYear}
        onYearChange={setYear}
        years={years}
      />
      <DataGrid<PayRunSummary>
        gridId="payroll-pay-runs"
        ariaLabel="Pay runs"
        columnDefs={columnDefs}
        rowData={runs.data}
        getRowId={({ data }) => data.id}
        onRowClicked={(run) => onOpenRun(run.id)}
        exportFileName="pay-runs"
        height={Math.min(420, 56 + runs.data.length * 36)}
        actions={
          <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={onStartRun}>
            Start pay run
          </Button>
        }
      />
    </Stack>
  );
}
