/**
 * Pure logic of the documents screens: what kind of file a content type is, sizes in the
 * server's units (MB is 1024 × 1024 bytes, as the plan limits count them), how full the
 * storage is, and what a refused upload says.
 */
import { ApiError } from '@/lib/api-client';

export type FileKind = 'pdf' | 'image' | 'spreadsheet' | 'csv' | 'word' | 'text' | 'other';

/** The kind shown (icon, filter) for a content type the server sniffed. */
export function fileKind(contentType: string): FileKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'text/csv') return 'csv';
  if (contentType === 'text/plain') return 'text';
  if (contentType.includes('spreadsheetml') || contentType === 'application/vnd.ms-excel') {
    return 'spreadsheet';
  }
  if (contentType.includes('wordprocessingml')) return 'word';
  return 'other';
}

export const KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  image: 'Image',
  spreadsheet: 'Spreadsheet',
  csv: 'CSV',
  word: 'Word',
  text: 'Text',
  other: 'File',
};

/** Whether the browser can show the file in the preview drawer. */
export function previewable(contentType: string): boolean {
  const kind = fileKind(contentType);
  return kind === 'pdf' || kind === 'image';
}

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/** Bytes in the units the plan limits use (KB, MB, GB of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KB`;
  if (bytes < GIB) return `${(bytes / MIB).toFixed(1)} MB`;
  return `${(bytes / GIB).toFixed(2)} GB`;
}

export type StorageUsage = { used: number; limit: number | null };

/** The usage bar: percent used (0–100, `null` when unlimited) and its caption. */
export function usageBar({ used, limit }: StorageUsage): { percent: number | null; label: string } {
  if (limit === null) return { percent: null, label: `${formatBytes(used)} used (unlimited)` };
  const percent = limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  return { percent, label: `${formatBytes(used)} of ${formatBytes(limit)} used` };
}

/** Percent of an upload sent, from a progress event's counts. */
export function progressPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * Files the plan refuses before they are sent: each over the per-file limit, and the lot
 * when together they pass what is left of the storage. The server checks the same; this
 * saves sending a gigabyte to hear no.
 */
export function refusedBeforeSending(
  files: { name: string; size: number }[],
  usage: StorageUsage & { file_limit: number | null },
): 'file_upload' | 'document_storage' | null {
  if (usage.file_limit !== null && files.some((f) => f.size > usage.file_limit!)) {
    return 'file_upload';
  }
  const adding = files.reduce((sum, f) => sum + f.size, 0);
  if (usage.limit !== null && usage.used + adding > usage.limit) return 'document_storage';
  return null;
}

/** The one line a refused upload shows: the server's field message or detail. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    const file = body['file'];
    if (Array.isArray(file) && typeof file[0] === 'string') return file[0];
    if (typeof body['detail'] === 'string') return body['detail'];
  }
  return 'File upload failed';
}
