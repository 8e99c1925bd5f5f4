import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

import { downloadBlob } from '@/components/data-grid/csv';
import { notify } from '@/lib/notify';

import { downloadReport, finishedReport, requestReport } from '../api/reports';
import { REPORT_FORMAT_OPTIONS, type ReportFormat, type ReportRequest } from '../lib/report-kinds';

type Props = {
  workspaceId: string;
  /** What the screen shows, as a report request without its format. */
  request: Omit<ReportRequest, 'format'>;
};

/**
 * "Download" on a statement's screen: asks the report generator for the statement as
 * shown, in the chosen format, waits for it and saves the file. It is also listed in the
 * workspace's downloads, like any generated report.
 */
export function DownloadMenu({ workspaceId, request }: Props) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const asked = await requestReport(workspaceId, { ...request, format });
      const report = await finishedReport(workspaceId, asked.id);
      if (!report) {
        notify.info('Still generating', 'The report will be in Downloads when it is ready.');
      } else if (report.status === 'failed') {
        notify.error(report.failure_reason ?? 'The report could not be generated.');
      } else {
        downloadBlob(
          report.file_name ?? `${report.kind}.${report.format}`,
          await downloadReport(workspaceId, report.id),
        );
      }
    } catch {
      // The API client has told the user why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy !== null}
          data-testid="statement-download"
        >
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {REPORT_FORMAT_OPTIONS.map((option) => (
          <Menu.Item
            key={option.value}
            onClick={() => void download(option.value)}
            data-testid={`statement-download-${option.value}`}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
