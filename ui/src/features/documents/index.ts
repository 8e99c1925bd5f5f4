/**
 * Documents: the workspace's files (the Downloads page's documents tab), the storage
 * they use against the plan, and the panel that attaches them to a journal entry, fixed
 * asset or debt. Other features import only from here.
 */
export { DocumentsTab } from './components/documents-tab';
export { AttachedDocuments } from './components/attached-documents';
export { DocumentPreview } from './components/document-preview';
export { StorageUsageBar } from './components/storage-usage-bar';
export {
  attachedDocumentSchema,
  useStorageUsage,
  type AttachedDocument,
  type AttachmentKind,
  type AttachmentTarget,
} from './api/documents';
export { formatBytes } from './lib/documents';
