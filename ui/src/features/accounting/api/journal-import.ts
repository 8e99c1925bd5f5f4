/**
 * Journal entries from a CSV file (POST journal-entries/import/): a preview that names
 * every bad row and writes nothing, then an all-or-nothing import; and the template.
 */
import { z } from 'zod';

import { ApiError, ResponseShapeError, api, dataEnvelope } from '@/lib/api-client';

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

const IMPORT_PATH = '/accounting/workspaces/{workspace_id}/journal-entries/import/';

/** The route answers a preview (200, `dry_run`) or the import (201). */
const importAnswerSchema = dataEnvelope(z.union([previewSchema, importedSchema]));

async function sendImport(workspaceId: string, file: File, post: boolean, dryRun: boolean) {
  const { data } = await api.post(IMPORT_PATH, importAnswerSchema, {
    params: { workspace_id: workspaceId },
    body: form(file, post, dryRun),
    handleErrors: false,
  });
  return data;
}

export async function previewImport(
  workspaceId: string,
  file: File,
  post: boolean,
): Promise<ImportPreview> {
  const answer = await sendImport(workspaceId, file, post, true);
  if (!('valid' in answer)) throw new ResponseShapeError(IMPORT_PATH, []);
  return answer;
}

export async function importEntries(
  workspaceId: string,
  file: File,
  post: boolean,
): Promise<ImportResult> {
  const answer = await sendImport(workspaceId, file, post, false);
  if (!('imported' in answer)) throw new ResponseShapeError(IMPORT_PATH, []);
  return answer;
}

export function downloadTemplate(workspaceId: string): Promise<Blob> {
  return api.download('/accounting/workspaces/{workspace_id}/journal-entries/import/template/', {
    params: { workspace_id: workspaceId },
  });
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
