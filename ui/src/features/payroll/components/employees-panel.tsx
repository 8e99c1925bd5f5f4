import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { downloadText, toCsv } from '@/components/data-grid/csv';
import { DataGrid } from '@/components/data-grid/data-grid';
import { sumDecimals } from '@/lib/money';
import { LoadFailed } from '@/components/ui/load-failed';

import { useEmployees, type Employee, type EmployeeStatus } from '../api/employees';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'terminated', label: 'Left' },
];

/** Annual gross: the four earnings the server taxes, summed exactly in cents. */
export function annualGross(employee: Employee): string {
  return sumDecimals([
    employee.basic,
    employee.housing,
    employee.transport,
    ...employee.other_allowances.map((a) => a.amount),
  ]);
}

const fullName = (e: Employee) => `${e.first_name} ${e.last_name}`.trim();

function StatusCell({ data }: ICellRendererParams<Employee>) {
  if (!data) return null;
  return data.status === 'terminated' ? (
    <Badge color="gray" variant="light" size="sm" radius="sm">
      Left
    </Badge>
  ) : (
    <Badge color="teal" variant="light" size="sm" radius="sm">
      Active
    </Badge>
  );
}

type EmployeesPanelProps = {
  workspaceId: string;
  currency: string;
  canWrite: boolean;
  /** Opens the form for a new employee (after the caller's permission check). */
  onAdd: () => void;
  onEdit: (employee: Employee) => void;
  onTerminate: (employee: Employee) => void;
};

/** The workspace's employees: filters, a grid with their annual pay, CSV export. */
export function EmployeesPanel({
  workspaceId,
  currency,
  canWrite,
  onAdd,
  onEdit,
  onTerminate,
}: EmployeesPanelProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmployeeStatus | null>('active');
  const [department, setDepartment] = useState<string | null>(null);
  const [typed] = useDebouncedValue(search, 300);
  const filters = useMemo(
    () => ({ status, department, search: typed }),
    [status, department, typed],
  );
  const { data, error, isLoading, mutate } = useEmployees(workspaceId, filters);
  // The departments to filter by come from everyone on the payroll, whatever is filtered.
  const { data: everyone } = useEmployees(workspaceId, {});
  const departments = useMemo(
    () =>
      [...new Set((everyone?.rows ?? []).map((e) => e.department.trim()).filter(Boolean))].sort(),
    [everyone],
  );

  const columnDefs = useMemo<ColDef<Employee>[]>(() => {
    const columns: ColDef<Employee>[] = [
      {
        colId: 'name',
        headerName: 'Name',
        valueGetter: ({ data: row }) => (row ? fullName(row) : ''),
        minWidth: 150,
        flex: 1.2,
      },
      { field: 'staff_id', headerName: 'Staff ID', width: 95 },
      { field: 'job_title', headerName: 'Job title', minWidth: 120, flex: 1 },
      { field: 'department', headerName: 'Department', width: 125 },
      dateColumn<Employee>('start_date', 'Started', 105),
      { colId: 'status', headerName: 'Status', width: 90, cellRenderer: StatusCell },
      moneyColumn<Employee>('gross', 'Annual gross', {
        currency,
        width: 150,
        value: annualGross,
        colId: 'gross',
      }),
    ];
    if (canWrite) {
      columns.push({
        colId: 'actions',
        headerName: '',
        width: 176,
        sortable: false,
        resizable: false,
        cellRenderer: ({ data: row }: ICellRendererParams<Employee>) =>
          row ? (
            <Group gap={4} wrap="nowrap" h="100%" align="center">
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Edit ${fullName(row)}`}
                onClick={() => onEdit(row)}
              >
                Edit
              </Button>
              {row.status !== 'terminated' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Terminate ${fullName(row)}`}
                  onClick={() => onTerminate(row)}
                >
                  Terminate
                </Button>
              )}
            </Group>
          ) : null,
      });
    }
    return columns;
  }, [currency, canWrite, onEdit, onTerminate]);

  const exportCsv = () => {
    const header = [
      'staff_id',
      'first_name',
      'last_name',
      'email',
      'job_title',
      'department',
      'start_date',
      'end_date',
      'status',
      'annual_basic',
      'annual_housing',
      'annual_transport',
      'annual_gross',
      'annual_rent',
      'nhf',
      'bank_name',
      'account_number',
      'pension_pin',
      'tax_id',
    ];
    const rows = (data?.rows ?? []).map((e) => [
      e.staff_id,
      e.first_name,
      e.last_name,
      e.email,
      e.job_title,
      e.department,
      e.start_date,
      e.end_date ?? '',
      e.status,
      e.basic,
      e.housing,
      e.transport,
      annualGross(e),
      e.annual_rent,
      e.nhf ? 'yes' : 'no',
      e.bank_name,
      e.account_number,
      e.pension_pin,
      e.tax_id,
    ]);
    downloadText('employees.csv', toCsv(header, rows));
  };

  if (error && !data) return <LoadFailed what="employees" onRetry={() => void mutate()} />;

  return (
    <DataGrid<Employee>
      gridId="payroll-employees"
      ariaLabel="Employees"
      columnDefs={columnDefs}
      rowData={data?.rows ?? null}
      loading={isLoading && !data}
      getRowId={({ data: row }) => row.id}
      onExportCsv={exportCsv}
      noRowsText="No employee matches these filters."
      height={Math.max(220, Math.min(480, 96 + (data?.rows.length ?? 0) * 36))}
      toolbar={
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            size="xs"
            label="Search"
            placeholder="Name, staff ID or email"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={220}
          />
          <Select
            size="xs"
            label="Status"
            placeholder="Everyone"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(value as EmployeeStatus | null)}
            clearable
            w={130}
          />
          <Select
            size="xs"
            label="Department"
            placeholder="All departments"
            data={departments}
            value={department}
            onChange={setDepartment}
            clearable
            searchable
            w={180}
          />
          <Text size="xs" c="dimmed" pb={6} data-testid="employee-count">
            {data
              ? `${data.count.toLocaleString('en')} ${data.count === 1 ? 'employee' : 'employees'}`
              : 'Loading…'}
          </Text>
        </Group>
      }
      actions={
        <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={onAdd}>
          Add employee
        </Button>
      }
    />
  );
}
