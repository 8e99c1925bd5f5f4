import {
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconCheck,
  IconFileTypePdf,
  IconSend,
} from '@tabler/icons-react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { moneyColumn } from '@/components/data-grid/columns';
import { downloadBlob } from '@/components/data-grid/csv';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/ui/date-field';
import { paths } from '@/config/paths';
import { formatDateText, formatMonth } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { LoadFailed } from '@/components/ui/load-failed';

import {
  approvePayRun,
  getPayslipPdf,
  postPayRun,
  reversePayRun,
  usePayRun,
  type PayRunDetail as Run,
  type Payslip,
} from '../api/pay-runs';
import { todayIso } from '../lib/periods';
import { employeeDeductions, totalsRow } from '../lib/run-figures';
import { PayRunStatusBadge, RuleSetBadge } from './pay-run-status-badge';

type PayRunDetailProps = {
  workspaceId: string;
  runId: string;
  currency: string;
  canWrite: boolean;
  onBack: () => void;
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text
        size="lg"
        fw={650}
        mt={4}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Paper>
  );
}

/** Opens a payslip's PDF in a new tab, fetched with the session's token. */
async function openPayslip(workspaceId: string, run: Run, slip: Payslip) {
  // Opened now, while the click still counts as the user's: a tab opened after the
  // download would be taken for a pop-up.
  const tab = window.open('', '_blank');
  try {
    const blob = await getPayslipPdf(workspaceId, run.id, slip.employee_id);
    if (tab) tab.location.href = URL.createObjectURL(blob);
    else downloadBlob(`payslip-${run.period}-${slip.staff_id || slip.employee_id}.pdf`, blob);
  } catch {
    tab?.close();
  }
}

/** One run: its figures, its payslips with a totals row, and the next step for an Admin. */
export function PayRunDetail({
  workspaceId,
  runId,
  currency,
  canWrite,
  onBack,
}: PayRunDetailProps) {
  const { data: run, error, mutate } = usePayRun(workspaceId, runId);
  const [busy, setBusy] = useState<'approve' | 'post' | null>(null);
  const [reversing, setReversing] = useState(false);

  const pdfCell = useCallback(
    ({ data: slip, node }: ICellRendererParams<Payslip>) => {
      if (!slip || node.rowPinned || !run) return null;
      return (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFileTypePdf size={14} />}
          aria-label={`Payslip PDF of ${slip.employee_name}`}
          onClick={() => void openPayslip(workspaceId, run, slip)}
        >
          PDF
        </Button>
      );
    },
    [workspaceId, run],
  );

  const columnDefs = useMemo<ColDef<Payslip>[]>(() => {
    const money = (field: keyof Payslip & string, header: string, width = 140) =>
      moneyColumn<Payslip>(field, header, { currency, width });
    return [
      { field: 'employee_name', headerName: 'Employee', pinned: 'left', minWidth: 190, flex: 1 },
      { field: 'staff_id', headerName: 'Staff ID', width: 100 },
      {
        colId: 'days',
        headerName: 'Days paid',
        width: 100,
        valueGetter: ({ data: slip, node }) =>
          slip && !node?.rowPinned ? `${slip.days_paid}/${slip.days_in_month}` : '',
      },
      money('gross', 'Gross'),
      money('pension_employee', 'Pension (8%)'),
      money('nhf', 'NHF', 120),
      money('paye', 'PAYE'),
      money('other_deductions', 'Other deductions'),
      money('net_pay', 'Net pay'),
      money('pension_employer', 'Employer pension'),
      money('nsitf', 'NSITF', 120),
      money('itf', 'ITF', 120),
      money('employer_cost', 'Employer cost'),
      {
        colId: 'pdf',
        headerName: 'Payslip',
        width: 116,
        pinned: 'right',
        sortable: false,
        cellRenderer: pdfCell,
      },
    ];
  }, [currency, pdfCell]);

  if (error && !run) return <LoadFailed what="pay run" onRetry={() => void mutate()} />;
  if (!run) return <Loader size="sm" aria-label="Loading the pay run" />;

  const approve = async () => {
    setBusy('approve');
    try {
      await approvePayRun(workspaceId, run.id);
      notify.success(`${formatMonth(run.period, 'long')} pay run approved`);
    } catch {
      // The API client has told why.
    } finally {
      setBusy(null);
    }
  };
  const post = async () => {
    setBusy('post');
    try {
      await postPayRun(workspaceId, run.id);
      notify.success(`${formatMonth(run.period, 'long')} pay run posted to the books`);
    } catch {
      // The API client has told why.
    } finally {
      setBusy(null);
    }
  };

  const entryLink = (id: string, label: string) => (
    <Anchor
      component={Link}
      to={`${paths.accounting.journalEntry}?entry=${encodeURIComponent(id)}`}
      size="sm"
    >
      {label}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6}>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <Group gap={4}>
              <IconArrowLeft size={14} />
              All pay runs
            </Group>
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={2} size="h3" fw={650}>
              {formatMonth(run.period, 'long')} pay run
            </Title>
            <PayRunStatusBadge status={run.status} />
            <RuleSetBadge ruleSet={run.rule_set} />
          </Group>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              Paid {formatDateText(run.pay_date)} · {run.employees}{' '}
              {run.employees === 1 ? 'employee' : 'employees'}
            </Text>
            {run.journal_entry_id && entryLink(run.journal_entry_id, 'Journal entry')}
            {run.reversal_entry_id && entryLink(run.reversal_entry_id, 'Reversing entry')}
          </Group>
        </Stack>
        {canWrite && (
          <Group gap="xs">
            {run.status === 'draft' && (
              <Button
                leftSection={<IconCheck size={16} />}
                loading={busy === 'approve'}
                onClick={() => void approve()}
              >
                Approve
              </Button>
            )}
            {run.status === 'approved' && (
              <Button
                leftSection={<IconSend size={16} />}
                loading={busy === 'post'}
                onClick={() => void post()}
              >
                Post to books
              </Button>
            )}
            {run.status !== 'reversed' && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => setReversing(true)}
              >
                {run.status === 'posted' ? 'Reverse' : 'Cancel run'}
              </Button>
            )}
          </Group>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure
          label="Gross pay"
          value={formatMoney(run.totals.gross, currency)}
          testId="run-gross"
        />
        <Figure
          label="Employee deductions"
          value={formatMoney(employeeDeductions(run.totals), currency)}
          testId="run-deductions"
        />
        <Figure
          label="Net pay"
          value={formatMoney(run.totals.net_pay, currency)}
          testId="run-net"
        />
        <Figure
          label="Employer cost"
          value={formatMoney(run.totals.employer_cost, currency)}
          testId="run-employer-cost"
        />
      </SimpleGrid>

      <DataGrid<Payslip>
        gridId="payroll-payslips"
        ariaLabel="Payslips"
        columnDefs={columnDefs}
        rowData={run.payslips}
        getRowId={({ data: slip }) => slip.employee_id || 'total'}
        pinnedBottomRowData={[totalsRow(run)]}
        getRowClass={({ node }) => (node.rowPinned ? 'ledger-row-total' : undefined)}
        exportFileName={`payslips-${run.period}`}
        noRowsText="This run has no payslips."
        // Header, rows, the totals row and the sideways scrollbar, with no gap above the totals.
        height={Math.min(520, 90 + run.payslips.length * 36)}
      />

      <ReverseModal
        opened={reversing}
        onClose={() => setReversing(false)}
        workspaceId={workspaceId}
        run={run}
      />
    </Stack>
  );
}

type ReverseModalProps = { opened: boolean; onClose: () => void; workspaceId: string; run: Run };

/** Reverses a posted run on a chosen date, or sets aside one not yet posted. */
function ReverseModal({ opened, onClose, workspaceId, run }: ReverseModalProps) {
  const [date, setDate] = useState(todayIso());
  const [saving, setSaving] = useState(false);
  const posted = run.status === 'posted';

  const submit = async () => {
    setSaving(true);
    try {
      await reversePayRun(workspaceId, run.id, date || todayIso());
      notify.success(
        posted
          ? `${formatMonth(run.period, 'long')} pay run reversed`
          : `${formatMonth(run.period, 'long')} pay run cancelled`,
      );
      onClose();
    } catch {
      // The API client has told why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={posted ? 'Reverse this pay run' : 'Cancel this pay run'}
      centered
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {posted
            ? 'A reversing entry takes the run back out of the books on the date you choose. The period is then free for a new run.'
            : 'The run is set aside without touching the books, and the period is free for a new run.'}
        </Text>
        {posted && <DateField label="Reversal date" required value={date} onChange={setDate} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={saving} onClick={() => void submit()}>
            {posted ? 'Reverse run' : 'Cancel run'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
