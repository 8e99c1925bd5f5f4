import { Loader, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarDollar, IconLock, IconSettings, IconUsers } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useWorkspaceId } from '@/lib/active-workspace';
import { permissionCatalog } from '@/lib/permissions';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import type { Employee } from '../api/employees';
import { usePayrollPermissions } from '../hooks/use-payroll-permissions';
import { EmployeeFormModal } from './employee-form-modal';
import { EmployeesPanel } from './employees-panel';
import { PayRunDetail } from './pay-run-detail';
import { PayRunsPanel } from './pay-runs-panel';
import { PayrollSettingsForm } from './payroll-settings-form';
import { StartPayRunModal } from './start-pay-run-modal';
import { TerminateEmployeeModal } from './terminate-employee-modal';

const TABS = ['runs', 'employees', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * What a Viewer sees instead of payroll (DESIGN.md §7: `payroll:read` is for Editors and
 * Admins): why, in the spec's words, with the Role Restriction modal opened once.
 */
function PayrollRefused({ explain }: { explain: () => void }) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    explain();
  }, [explain]);
  return (
    <Paper withBorder radius="lg" py={56} px="xl" data-testid="payroll-refused">
      <Stack align="center" gap="sm" maw={460} mx="auto" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={24} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} size="h4" fw={600}>
          Payroll is open to Editors and Admins
        </Title>
        <Text c="dimmed" size="sm" lh={1.6}>
          {permissionCatalog.messages.role_restriction} Ask an Admin of this workspace for the
          Editor role to see employees and pay runs.
        </Text>
      </Stack>
    </Paper>
  );
}

/** `/accounting/payroll`: pay runs, employees and settings, each a tab; a run opens in place. */
export function PayrollScreen() {
  const workspaceId = useWorkspaceId();
  const currency = useWorkspaceCurrency();
  const { ready, canRead, canWrite, requireWrite, explainReadRefusal } = usePayrollPermissions();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as Tab)
    : 'runs';
  const runId = params.get('run');

  const [editing, setEditing] = useState<Employee | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [terminating, setTerminating] = useState<Employee | null>(null);
  const [starting, setStarting] = useState(false);

  const go = useCallback(
    (next: { tab?: Tab; run?: string | null }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.tab) updated.set('tab', next.tab);
        if (next.run === null) updated.delete('run');
        else if (next.run) updated.set('run', next.run);
        return updated;
      }),
    [setParams],
  );

  const addEmployee = useCallback(() => {
    if (!requireWrite()) return;
    setEditing(null);
    setFormOpened(true);
  }, [requireWrite]);
  const editEmployee = useCallback((employee: Employee) => {
    setEditing(employee);
    setFormOpened(true);
  }, []);
  const startRun = useCallback(() => {
    if (requireWrite()) setStarting(true);
  }, [requireWrite]);

  if (!ready || !workspaceId) return <Loader size="sm" aria-label="Loading payroll" />;
  if (!canRead) return <PayrollRefused explain={explainReadRefusal} />;

  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => value && go({ tab: value as Tab, run: null })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="runs" leftSection={<IconCalendarDollar size={16} />}>
            Pay runs
          </Tabs.Tab>
          <Tabs.Tab value="employees" leftSection={<IconUsers size={16} />}>
            Employees
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            Settings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs">
          {runId ? (
            <PayRunDetail
              workspaceId={workspaceId}
              runId={runId}
              currency={currency}
              canWrite={canWrite}
              onBack={() => go({ run: null })}
            />
          ) : (
            <PayRunsPanel
              workspaceId={workspaceId}
              currency={currency}
              onAddEmployee={addEmployee}
              onStartRun={startRun}
              onOpenRun={(id) => go({ run: id })}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="employees">
          <EmployeesPanel
            workspaceId={workspaceId}
            currency={currency}
            canWrite={canWrite}
            onAdd={addEmployee}
            onEdit={editEmployee}
            onTerminate={setTerminating}
          />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <PayrollSettingsForm workspaceId={workspaceId} canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
      {canWrite && (
        <>
          <EmployeeFormModal
            opened={formOpened}
            onClose={() => setFormOpened(false)}
            workspaceId={workspaceId}
            employee={editing}
          />
          <TerminateEmployeeModal
            workspaceId={workspaceId}
            employee={terminating}
            onClose={() => setTerminating(null)}
          />
          <StartPayRunModal
            opened={starting}
            onClose={() => setStarting(false)}
            workspaceId={workspaceId}
            onCreated={(id) => {
              setStarting(false);
              go({ tab: 'runs', run: id });
            }}
          />
        </>
      )}
    </>
  );
}
