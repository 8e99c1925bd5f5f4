import {
  Alert,
  Badge,
  Drawer,
  Divider,
  Group,
  List,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { dateColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-date-time';
import { effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';
import { readableServerText } from '@/lib/server-text';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import {
  saveContinuousSettings,
  useContinuousSettings,
  useFlagged,
  type ContinuousSettings,
  type FlaggedEntry,
  type NotifyBand,
} from '../api/continuous';
import { bandColor, testLabel } from './audit-format';
import {
  NOTIFY_BAND_OPTIONS,
  canConfigureContinuous,
  flagSummary,
  flaggedCaption,
  linkedFlag,
  monitoringStatus,
  settingsInput,
} from './continuous-logic';
import { EntryHistory } from './score-breakdown-drawer';
import { SectionCard } from './section-card';

/** The query parameter of a notification's link (projections `continuous_audit`). */
const LINK_PARAM = 'continuous_entry';

function BandCell({ value }: ICellRendererParams<FlaggedEntry, string>) {
  if (!value) return null;
  return (
    <Badge variant="light" color={bandColor(value)} radius="sm" size="sm">
      {value}
    </Badge>
  );
}

/** Whether the signed-in member may change the workspace's monitoring. */
function useCanConfigure(workspaceId: string): boolean {
  const { data: user } = useCurrentUser();
  const { plan, settled } = useOrganizationPlan();
  if (!user || !settled) return false;
  return canConfigureContinuous({
    role: roleInWorkspace(user.memberships, workspaceId),
    plan: effectivePlan(plan).id,
  });
}

function MonitoringControls({
  workspaceId,
  settings,
}: {
  workspaceId: string;
  settings: ContinuousSettings;
}) {
  const allowed = useCanConfigure(workspaceId);
  const [saving, setSaving] = useState(false);
  const save = async (change: { enabled?: boolean; notify_from?: NotifyBand }) => {
    setSaving(true);
    try {
      await saveContinuousSettings(workspaceId, settingsInput(settings, change));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap={6}>
      <Group gap="lg">
        <Switch
          label="Score new entries as they are posted"
          checked={settings.enabled}
          disabled={!allowed || saving}
          onChange={(event) => void save({ enabled: event.currentTarget.checked })}
          data-testid="continuous-toggle"
        />
        <Group gap={6}>
          <Text size="sm">Notify Admins from</Text>
          <SegmentedControl
            size="xs"
            data={NOTIFY_BAND_OPTIONS}
            value={settings.notify_from}
            disabled={!allowed || saving}
            onChange={(value) => void save({ notify_from: value as NotifyBand })}
            data-testid="continuous-band"
          />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" data-testid="continuous-status">
        {monitoringStatus(settings)}
        {!allowed && ' Only Admins and Editors with audit access change this.'}
      </Text>
    </Stack>
  );
}

function FlagDrawer({
  workspaceId,
  entry,
  onClose,
}: {
  workspaceId: string;
  entry: FlaggedEntry | null;
  onClose: () => void;
}) {
  const currency = useWorkspaceCurrency();
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={entry ? `Entry ${entry.number}` : ''}
    >
      {entry && (
        <Stack gap="md" data-testid="continuous-breakdown">
          <Group gap="xs">
            <Text size="xl" fw={600}>
              {entry.score.toFixed(1)}
            </Text>
            <Badge variant="light" color={bandColor(entry.band)} radius="sm">
              {entry.band}
            </Badge>
            <Text size="xs" c="dimmed">
              flagged {formatDateTime(entry.flagged_at)} · log position {entry.scored_through}
            </Text>
          </Group>
          {entry.reasons.map((part) => (
            <div key={part.test}>
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {testLabel(part.test)}
                </Text>
                <Text size="xs" c="dimmed">
                  weight {part.weight}
                </Text>
              </Group>
              <List size="xs" c="dimmed" spacing={2}>
                {part.reasons.map((reason) => (
                  <List.Item key={reason}>{readableServerText(reason, { currency })}</List.Item>
                ))}
              </List>
            </div>
          ))}
          <Divider />
          <Title order={4} fz={14}>
            Event history
          </Title>
          <EntryHistory workspaceId={workspaceId} entryId={entry.entry_id} />
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * The audit home's "Continuous monitoring" panel: the switch and band for those allowed,
 * and the entries flagged since the last close, each opening its breakdown and history.
 */
export function ContinuousMonitoringPanel({ workspaceId }: { workspaceId: string }) {
  const settings = useContinuousSettings(workspaceId);
  const flagged = useFlagged(workspaceId);
  const [selected, setSelected] = useState<FlaggedEntry | null>(null);
  // A notification links here with `?continuous_entry=<id>`: open that entry once listed.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = linkedFlag(flagged.data, searchParams.get(LINK_PARAM));
  useEffect(() => {
    if (linked) setSelected(linked);
  }, [linked]);
  const close = () => {
    setSelected(null);
    if (searchParams.has(LINK_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(LINK_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };
  const columnDefs = useMemo<ColDef<FlaggedEntry>[]>(
    () => [
      { field: 'number', headerName: 'Entry', width: 130 },
      { ...dateColumn<FlaggedEntry>('date'), filter: false },
      {
        field: 'score',
        headerName: 'Score',
        width: 100,
        type: 'rightAligned',
        sort: 'desc',
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'number' ? value.toFixed(1) : '',
      },
      { field: 'band', headerName: 'Band', width: 110, cellRenderer: BandCell },
      {
        colId: 'reasons',
        headerName: 'Reasons',
        flex: 1,
        minWidth: 240,
        valueGetter: ({ data }) => (data ? flagSummary(data) : ''),
        tooltip: ({ value }) => (typeof value === 'string' ? value : ''),
      },
      {
        field: 'flagged_at',
        headerName: 'Flagged',
        width: 170,
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'string' ? formatDateTime(value) : '',
      },
    ],
    [],
  );
  const error = settings.error ?? flagged.error;
  return (
    <SectionCard
      title="Continuous monitoring"
      caption={flagged.data ? flaggedCaption(flagged.data) : 'Entries flagged since the last close'}
      testId="continuous-monitoring"
    >
      {error ? (
        <Alert color="red" variant="light" title="Continuous monitoring could not be loaded">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
      ) : !settings.data || !flagged.data ? (
        <Skeleton h={120} radius="md" />
      ) : (
        <Stack gap="sm">
          <MonitoringControls workspaceId={workspaceId} settings={settings.data} />
          <DataGrid<FlaggedEntry>
            gridId="audit-continuous-flagged"
            ariaLabel="Entries flagged since the last close"
            columnDefs={columnDefs}
            rowData={flagged.data.entries}
            getRowId={({ data }) => data.entry_id}
            onRowClicked={setSelected}
            height={Math.min(360, 56 + Math.max(flagged.data.entries.length, 3) * 42)}
            exportFileName="flagged-since-last-close"
            noRowsText="No entry flagged since the last close"
          />
        </Stack>
      )}
      <FlagDrawer workspaceId={workspaceId} entry={selected} onClose={close} />
    </SectionCard>
  );
}
