import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';

import { CellActions, CellButton } from '@/components/data-grid/cell-button';
import { DataGrid } from '@/components/data-grid/data-grid';
import { downloadBlob } from '@/components/data-grid/csv';
import { useWorkspaceId } from '@/lib/active-workspace';
import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import { useBooksPermissions } from '../../accounting/hooks/use-books-permissions';
import { deleteReport, downloadReport, useReports, type Report } from '../api/reports';
import { coverage, fileSize } from '../lib/report-kinds';
import { GenerateReportForm } from './generate-report-form';

const STATUS_COLORS: Record<string, string> = {
  generating: 'blue',
  ready: 'teal',
  failed: 'red',
};

function StatusCell({ data }: CustomCellRendererProps<Report>) {
  if (!data) return null;
  const badge = (
    <Badge variant="light" color={STATUS_COLORS[data.status] ?? 'gray'} data-testid="report-status">
      {data.status}
    </Badge>
  );
  return data.failure_reason ? (
    <Tooltip label={data.failure_reason} multiline w={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/**
 * The workspace's generated reports (spec: "financial report generation and downloads"):
 * Admins generate them here; every member who reads the books downloads them.
 */
export function DownloadsScreen() {
  const workspaceId = useWorkspaceId();
  const { data, isLoading, mutate } = useReports(workspaceId);
  const { canGenerateReports } = useBooksPermissions();

  const columns = useMemo<ColDef<Report>[]>(() => {
    const download = async (report: Report) => {
      if (!workspaceId) return;
      try {
        downloadBlob(
          report.file_name ?? `${report.kind}.${report.format}`,
          await downloadReport(workspaceId, report.id),
        );
      } catch {
        // The API client has told the user why.
      }
    };
    const remove = (report: Report) =>
      modals.openConfirmModal({
        title: 'Delete this report?',
        children: (
          <Text size="sm">
            {report.title} ({coverage(report.parameters)}) leaves the downloads for everyone. You
            can generate it again at any time.
          </Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          if (!workspaceId) return;
          await deleteReport(workspaceId, report.id);
          notify.success('Report deleted');
          await mutate();
        },
      });
    return [
      { field: 'title', headerName: 'Report', width: 170 },
      {
        colId: 'coverage',
        headerName: 'Covers',
        flex: 1,
        minWidth: 220,
        valueGetter: ({ data }) => coverage(data?.parameters),
      },
      {
        field: 'format',
        headerName: 'Format',
        width: 90,
        valueFormatter: ({ value }) => String(value ?? '').toUpperCase(),
      },
      { field: 'status', headerName: 'Status', width: 120, cellRenderer: StatusCell },
      {
        field: 'requested_at',
        headerName: 'Requested',
        width: 180,
        sort: 'desc',
        valueFormatter: ({ value }) => (value ? formatDateTime(String(value)) : ''),
      },
      {
        field: 'size',
        headerName: 'Size',
        width: 100,
        type: 'rightAligned',
        valueFormatter: ({ value }) => fileSize(value as number | null),
      },
      {
        colId: 'actions',
        headerName: '',
        width: 100,
        sortable: false,
        cellRenderer: ({ data }: CustomCellRendererProps<Report>) =>
          data ? (
            <CellActions>
              <CellButton
                hint={data.status === 'ready' ? `Download ${data.file_name}` : 'Not ready'}
                label={`Download ${data.title}`}
                disabled={data.status !== 'ready'}
                onClick={() => void download(data)}
              >
                <IconDownload size={16} />
              </CellButton>
              {canGenerateReports && (
                <CellButton
                  tone="danger"
                  label={`Delete ${data.title}`}
                  onClick={() => remove(data)}
                >
                  <IconTrash size={16} />
                </CellButton>
              )}
            </CellActions>
          ) : null,
      },
    ];
  }, [workspaceId, canGenerateReports, mutate]);

  if (!workspaceId) return null;
  return (
    <Stack gap="lg">
      {canGenerateReports ? (
        <GenerateReportForm workspaceId={workspaceId} onRequested={() => void mutate()} />
      ) : (
        <Text size="sm" c="dimmed">
          Admins generate reports; the ones generated in this workspace are listed here for you to
          download.
        </Text>
      )}
      <DataGrid<Report>
        gridId="downloads"
        ariaLabel="Generated reports"
        columnDefs={columns}
        rowData={data ?? null}
        getRowId={({ data: row }) => row.id}
        loading={isLoading}
        height={420}
        exportFileName="reports"
        noRowsText="No reports yet. Generate one above: it is listed here, ready to download."
      />
    </Stack>
  );
}
