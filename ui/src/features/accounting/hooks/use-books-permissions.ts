import { usePermission } from '@/hooks/use-permission';

/**
 * What the user may do to the books of the active workspace (DESIGN.md §7 action table):
 * a Viewer reads, an Editor drafts entries, an Admin posts, reverses and edits the chart.
 * The server enforces the same table; hiding controls only spares a refused request.
 */
export function useBooksPermissions() {
  const { checkPermission, ready } = usePermission();
  const allowed = (action: string) => ready && checkPermission({ action }).allowed;
  return {
    ready,
    canEditChart: allowed('edit_chart_of_accounts'),
    canWriteDrafts: allowed('write_draft_entries'),
    canPost: allowed('post_entries'),
    canReadLedger: allowed('read_general_ledger'),
  };
}
