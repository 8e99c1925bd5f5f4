import {
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { CellActions, CellButton } from '@/components/data-grid/cell-button';
import { DataGrid } from '@/components/data-grid/data-grid';
import { openPermissionDialog } from '@/components/permissions/permission-dialog-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';
import { permissionCatalog } from '@/lib/permissions';

import {
  deleteDocument,
  refreshDocuments,
  uploadDocuments,
  useStorageUsage,
  useWorkspaceFiles,
  type StoredFile,
} from '../api/documents';
import {
  fileKind,
  formatBytes,
  KIND_LABELS,
  refusedBeforeSending,
  uploadErrorMessage,
} from '../lib/documents';
import { DocumentPreview, type PreviewedDocument } from './document-preview';
import { StorageUsageBar } from './storage-usage-bar';

function limitDialog(resource: string) {
  openPermissionDialog({
    kind: 'limit_exceeded',
    resourceName: permissionCatalog.resources[resource] ?? resource,
  });
}

function asPreview(file: StoredFile): PreviewedDocument {
  return { ...file, name: file.name ?? 'image' };
}

/**
 * The workspace's documents: drop files to upload them (with progress), see each one's
 * type, size, uploader, date and the entries it backs, preview PDFs and images, and how
 * much of the plan's document storage is used.
 */
export function DocumentsTab({
  workspaceId,
  canUpload,
}: {
  workspaceId: string;
  canUpload: boolean;
}) {
  const [q, setQ] = useState('');
  const { data, isLoading } = useWorkspaceFiles(workspaceId, q.trim() ? { q: q.trim() } : {});
  const { data: usage, mutate: refreshUsage } = useStorageUsage(workspaceId);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<PreviewedDocument | null>(null);

  const upload = async (files: File[]) => {
    if (files.length === 0 || progress !== null) return;
    const refused = usage ? refusedBeforeSending(files, usage) : null;
    if (refused) {
      limitDialog(refused);
      return;
    }
    setProgress(0);
    try {
      const kept = await uploadDocuments(workspaceId, files, setProgress);
      notify.success(
        kept.length === 1 ? `${kept[0]?.name} uploaded` : `${kept.length} files uploaded`,
      );
    } catch (error) {
      const code =
        error instanceof ApiError && typeof error.body === 'object' && error.body !== null
          ? (error.body as Record<string, unknown>)['code']
          : null;
      if (code === 'limit_exceeded') {
        const detail = String((error as ApiError & { body: { detail?: string } }).body.detail);
        limitDialog(detail.includes('storage') ? 'document_storage' : 'file_upload');
      } else {
        notify.error(uploadErrorMessage(error));
      }
    } finally {
      setProgress(null);
      await Promise.all([refreshDocuments(workspaceId), refreshUsage()]);
    }
  };

  const columns = useMemo<ColDef<StoredFile>[]>(() => {
    const remove = (file: StoredFile) =>
      modals.openConfirmModal({
        title: 'Delete this document?',
        children: (
          <Text size="sm">
            {file.name} leaves the workspace's documents. The activity log keeps the record of it.
          </Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          await deleteDocument(file.id);
          notify.success('Document deleted');
          await Promise.all([refreshDocuments(workspaceId), refreshUsage()]);
        },
      });
    return [
      {
        colId: 'type',
        headerName: 'Type',
        width: 120,
        valueGetter: ({ data: row }) => (row ? KIND_LABELS[fileKind(row.content_type)] : ''),
        cellRenderer: ({ value }: CustomCellRendererProps<StoredFile>) => (
          <Badge variant="light">{String(value ?? '')}</Badge>
        ),
      },
      {
        colId: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 200,
        valueGetter: ({ data: row }) =>
          row?.name ?? (row?.kind === 'image' ? 'Uploaded image' : ''),
      },
      {
        field: 'size',
        headerName: 'Size',
        width: 100,
        type: 'rightAligned',
        valueFormatter: ({ value }) => formatBytes(Number(value ?? 0)),
      },
      {
        colId: 'uploader',
        headerName: 'Uploaded by',
        width: 160,
        valueGetter: ({ data: row }) => row?.uploader.name ?? '',
      },
      {
        field: 'created',
        headerName: 'Uploaded',
        width: 170,
        sort: 'desc',
        valueFormatter: ({ value }) => (value ? formatDateTime(String(value)) : ''),
      },
      {
        colId: 'linked',
        headerName: 'Linked entries',
        width: 150,
        sortable: false,
        cellRenderer: ({ data: row }: CustomCellRendererProps<StoredFile>) => {
          const entries = row?.attached_to.filter((t) => t.kind === 'journal_entry') ?? [];
          if (entries.length === 0)
            return (
              <Text size="sm" c="dimmed">
                —
              </Text>
            );
          return (
            <Group gap={6} wrap="nowrap">
              {entries.map((t, i) => (
                <Anchor
                  key={t.id}
                  component={Link}
                  size="sm"
                  to={`${paths.accounting.journalEntry}?entry=${encodeURIComponent(t.id)}`}
                >
                  {entries.length === 1 ? 'Open entry' : `#${i + 1}`}
                </Anchor>
              ))}
            </Group>
          );
        },
      },
      {
        colId: 'actions',
        headerName: '',
        width: 100,
        sortable: false,
        cellRenderer: ({ data: row }: CustomCellRendererProps<StoredFile>) =>
          row ? (
            <CellActions>
              <CellButton
                hint="Preview"
                label={`Preview ${row.name ?? 'image'}`}
                onClick={() => setPreview(asPreview(row))}
              >
                <IconEye size={16} />
              </CellButton>
              {canUpload && row.kind === 'document' && (
                <CellButton tone="danger" label={`Delete ${row.name}`} onClick={() => remove(row)}>
                  <IconTrash size={16} />
                </CellButton>
              )}
            </CellActions>
          ) : null,
      },
    ];
  }, [workspaceId, canUpload, refreshUsage]);

  return (
    <Stack gap="md">
      <StorageUsageBar usage={usage} />
      {canUpload && (
        <Paper
          withBorder
          radius="md"
          p="lg"
          data-testid="document-dropzone"
          style={{
            borderStyle: 'dashed',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void upload(Array.from(event.dataTransfer.files));
          }}
        >
          <Stack gap="xs" align="center">
            <IconUpload size={24} />
            <Text size="sm">
              Drop receipts, invoices or statements here — PDF, images, CSV, Excel, Word or text
              {usage?.file_limit ? `, up to ${formatBytes(usage.file_limit)} each` : ''}.
            </Text>
            <FileButton multiple onChange={(files) => void upload(files)}>
              {(props) => (
                <Button {...props} size="xs" variant="default" disabled={progress !== null}>
                  Choose files
                </Button>
              )}
            </FileButton>
            {progress !== null && (
              <Progress
                value={progress}
                w="100%"
                animated
                aria-label="Upload progress"
                data-testid="upload-progress"
              />
            )}
          </Stack>
        </Paper>
      )}
      <TextInput
        placeholder="Search by name"
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        maw={320}
        aria-label="Search documents"
      />
      <DataGrid<StoredFile>
        gridId="documents"
        ariaLabel="Documents"
        columnDefs={columns}
        rowData={data ?? null}
        getRowId={({ data: row }) => row.id}
        loading={isLoading}
        height={420}
        exportFileName="documents"
        noRowsText="No documents yet. Drop a receipt or an invoice above to keep it with the books."
      />
      <DocumentPreview document={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
