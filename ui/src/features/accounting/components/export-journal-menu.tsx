import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';

import { downloadBlob } from '@/components/data-grid/csv';

import { exportEntries, type ExportFormat } from '../api/journal-entries';
import { useWorkspaceId } from '@/lib/active-workspace';

const FILE_NAMES: Record<ExportFormat, string> = {
  csv: 'journal-entries.csv',
  hledger: 'journal-entries.journal',
};

/**
 * The whole journal as the server exports it (every posted entry, not just the page on
 * screen): CSV for spreadsheets, an hledger journal for an independent double-entry check.
 */
export function ExportJournalMenu() {
  const workspaceId = useWorkspaceId();
  const [busy, setBusy] = useState(false);
  const download = async (format: ExportFormat) => {
    if (!workspaceId) return;
    setBusy(true);
    try {
      downloadBlob(FILE_NAMES[format], await exportEntries(workspaceId, format));
    } catch {
      // The API client has shown what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Export journal
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>Posted entries (CSV)</Menu.Item>
        <Menu.Item onClick={() => void download('hledger')}>hledger journal</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
