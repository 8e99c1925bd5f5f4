import { Loader, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockExclamation, IconCoins, IconLock } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useWorkspaceId } from '@/lib/active-workspace';
import { permissionCatalog } from '@/lib/permissions';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import type { Debt } from '../api/debts';
import { useDebtPermissions } from '../hooks/use-debt-permissions';
import { debtScreenAddress, type DebtTab } from '../lib/screen-address';
import { AgingPanel } from './aging-panel';
import { DebtFormModal } from './debt-form-modal';
import { DebtsPanel } from './debts-panel';

/** What someone who may not read the books sees instead, with the spec's modal once. */
function DebtsRefused({ explain }: { explain: () => void }) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    explain();
  }, [explain]);
  return (
    <Paper withBorder radius="lg" py={56} px="xl" data-testid="debts-refused">
      <Stack align="center" gap="sm" maw={460} mx="auto" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={24} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} size="h4" fw={600}>
          Debt management is not open to you here
        </Title>
        <Text c="dimmed" size="sm" lh={1.6}>
          {permissionCatalog.messages.role_restriction}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `/accounting/financial-reports/financial-debt`: the debts with their schedules and
 * repayments, and their aging; a debt opens below the grid (`?debt=`).
 */
export function DebtManagementScreen() {
  const workspaceId = useWorkspaceId();
  const currency = useWorkspaceCurrency();
  const { ready, canRead, canPost, explainReadRefusal } = useDebtPermissions();
  const [params, setParams] = useSearchParams();
  const { tab, debt: selected } = debtScreenAddress(params);
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<Debt | null>(null);

  const go = useCallback(
    (next: { tab?: DebtTab; debt?: string | null }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.tab) updated.set('tab', next.tab);
        if (next.debt === null) updated.delete('debt');
        else if (next.debt) updated.set('debt', next.debt);
        return updated;
      }),
    [setParams],
  );

  if (!ready || !workspaceId) return <Loader size="sm" aria-label="Loading debts" />;
  if (!canRead) return <DebtsRefused explain={explainReadRefusal} />;

  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => value && go({ tab: value as DebtTab })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="debts" leftSection={<IconCoins size={16} />}>
            Debts
          </Tabs.Tab>
          <Tabs.Tab value="aging" leftSection={<IconClockExclamation size={16} />}>
            Aging
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="debts">
          <DebtsPanel
            workspaceId={workspaceId}
            currency={currency}
            canPost={canPost}
            selected={selected}
            onSelect={(id) => go({ debt: id })}
            onAdd={() => {
              setEditing(null);
              setFormOpened(true);
            }}
            onEdit={(debt) => {
              setEditing(debt);
              setFormOpened(true);
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="aging">
          <AgingPanel workspaceId={workspaceId} currency={currency} />
        </Tabs.Panel>
      </Tabs>
      {canPost && (
        <DebtFormModal
          opened={formOpened}
          onClose={() => setFormOpened(false)}
          workspaceId={workspaceId}
          debt={editing}
          onCreated={(id) => go({ debt: id })}
        />
      )}
    </>
  );
}
