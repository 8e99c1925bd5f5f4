/**
 * Workspace transfers between organizations: the request dialog (workspace profile) and
 * the list an organization's Admins answer (Settings → Organization).
 */
export { RequestTransferModal } from './components/request-transfer-modal';
export { WorkspaceTransfers } from './components/workspace-transfers';
export { PendingTransferNotice } from './components/pending-transfer-notice';
