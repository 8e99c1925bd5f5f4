import { Box } from '@mantine/core';

import { DownloadMenu, type ReportRequest } from '@/features/reports';
import { useWorkspaceId } from '@/lib/active-workspace';

import { useBooksPermissions } from '../../hooks/use-books-permissions';

/**
 * The statement as shown, downloadable as PDF, XLSX or CSV, for those who may generate
 * reports (others download them from Downloads once generated).
 */
export function StatementDownload({ request }: { request: Omit<ReportRequest, 'format'> }) {
  const workspaceId = useWorkspaceId();
  const { canGenerateReports } = useBooksPermissions();
  if (!workspaceId || !canGenerateReports) return null;
  return (
    <Box ml="auto">
      <DownloadMenu workspaceId={workspaceId} request={request} />
    </Box>
  );
}
