/**
 * Journal entries from a CSV file (POST journal-entries/import/): a preview that names
 * every bad row and writes nothing, then an all-or-nothing import; and the template.
 */
import { z } from 'zod';

import { ApiError, apiClient, dataEnvelope } from '@/lib/api-client';

import { accountingPaths } from './paths';

const previewSchema = z.object({
  valid: z.boolean(),
  entries: z.number(),
  lines: z.number(),
  total: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  preview: z.array(
    z.object({
      key: z.string(),
      date: z.string(),
      memo: z.string(),
      reference: z.string(),
      rows: z.array(z.number()),
      lines: z.number(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof previewSchema>;

const importedSchema = z.object({
  imported: z.number(),
  status: z.string(),
  entries: z.array(
    z.object({ id: z.string(), key: z.string(), entry_number: z.string().nullable() }),
  ),
});
export type ImportResult = z.infer<typeof importedSchema>;

function form(file: File, post: boolean, dryRun: boolean): FormData {
  const body = new FormData();
  body.append('file', file);
  body.append('post', String(post));
  body.append('dry_run', String(dryRun));
  return body;
}

/** Problems by cell (`rows[5].debit`) or file (`file`), as the server names them. */
export type RowErrors = Record<string, string[]>;

/** The server's field errors of a refused import, or null for any other failure. */
export function rowErrorsOf(error: unknown): RowErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = z.record(z.string(), z.array(z.string())).safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export async function previewImport(workspaceId: string, file: File, post: boolean) {
  const { data } = await apiClient.post(
    accountingPaths.importEntries(workspaceId),
    dataEnvelope(previewSchema),
    form(file, post, true),
    { handleErrors: false },
  );
  return data;
}

export async function importEntries(workspaceId: string, file: File, post: boolean) {
  const { data } = await apiClient.post(
    accountingPaths.importEntries(workspaceId),
    dataEnvelope(importedSchema),
    form(file, post, false),
    { handleErrors: false },
  );
  return data;
}

export function downloadTemplate(workspaceId: string): Promise<Blob> {
  return apiClient.download(accountingPaths.importTemplate(workspaceId));
}

/** `rows[5].debit` → `Row 5 · debit`; `rows[5]` → `Row 5`; other keys as they are. */
export function describeRowKey(key: string): string {
  const match = /^rows\[(\d+)\](?:\.(.+))?$/.exec(key);
  if (!match) return key === 'file' ? 'File' : key;
  return match[2] ? `Row ${match[1]} · ${match[2].replaceAll('_', ' ')}` : `Row ${match[1]}`;
}

/** Row keys in file order (row number, then cell). */
export function sortedRowKeys(errors: RowErrors): string[] {
  const rowOf = (key: string) => Number(/^rows\[(\d+)\]/.exec(key)?.[1] ?? 0);
  return Object.keys(errors).sort((a, b) => rowOf(a) - rowOf(b) || a.localeCompare(b));
}
