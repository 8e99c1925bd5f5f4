/** The plan limits the server enforces, by name, in the order of spec §9. */
export const LIMIT_ROWS: { key: string; label: string; bytes: boolean }[] = [
  { key: 'workspaces', label: 'Workspaces', bytes: false },
  { key: 'collaborators', label: 'Collaborators', bytes: false },
  { key: 'financial_reports', label: 'Financial reports', bytes: false },
  { key: 'file_upload', label: 'File upload', bytes: true },
  { key: 'document_storage', label: 'Document storage', bytes: true },
];

const MIB = 1024 * 1024;

export function formatLimit(value: number | null | undefined, bytes: boolean): string {
  if (value === null || value === undefined) return 'Unlimited';
  if (!bytes) return value.toLocaleString('en');
  if (value >= 1024 * MIB && value % (1024 * MIB) === 0) return `${value / (1024 * MIB)} GB`;
  return `${Math.round(value / MIB).toLocaleString('en')} MB`;
}
