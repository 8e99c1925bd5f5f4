/**
 * Journal entries: list (filters, paginated), one entry with its lines, and the commands
 * (create a draft or create-and-post, update a draft, delete a draft, post, reverse).
 * Posted entries never change: corrections are reversals (DESIGN.md §5).
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, paginatedEnvelope, requireParam } from '@/lib/api-client';

import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths, refreshBooks } from './paths';

import { attachedDocumentSchema } from '@/features/documents';

export const ENTRY_STATUSES = ['draft', 'posted', 'reversed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** Domain limits (event-schemas `journal_entry`): the form refuses beyond them. */
export const LINES_PER_ENTRY_MAX = 1000;
export const MEMO_CHARS_MAX = 500;
export const REFERENCE_CHARS_MAX = 100;
export const DESCRIPTION_CHARS_MAX = 250;

/** Entries per page of the list; the API allows up to 100 (DESIGN.md §6). */
export const ENTRY_PAGE_SIZE = 50;

export const entrySummarySchema = z.object({
  id: z.string(),
  status: z.string(),
  entry_number: z.string().nullable(),
  date: z.string(),
  memo: z.string(),
  reference: z.string(),
  amount: z.string(),
  line_count: z.number(),
  author_id: z.string(),
  created_datetime: z.string(),
  updated_datetime: z.string(),
  posted_datetime: z.string().nullable(),
  reverses: z.string().nullable(),
  reversed_by: z.string().nullable(),
  reversal_date: z.string().nullable(),
});
export type EntrySummary = z.infer<typeof entrySummarySchema>;

export const entryLineSchema = z.object({
  line_index: z.number(),
  account_id: z.string(),
  account_code: z.string().nullable(),
  account_name: z.string().nullable(),
  description: z.string(),
  debit: z.string(),
  credit: z.string(),
});
export type EntryLine = z.infer<typeof entryLineSchema>;

export const entryDetailSchema = entrySummarySchema.extend({
  lines: z.array(entryLineSchema),
  total_debit: z.string(),
  total_credit: z.string(),
  reverses_number: z.string().nullable(),
  reversed_by_number: z.string().nullable(),
  documents: z.array(attachedDocumentSchema).default([]),
});
export type EntryDetail = z.infer<typeof entryDetailSchema>;

export type EntryFilters = {
  status?: EntryStatus | null;
  date_from?: string | null;
  date_to?: string | null;
  text?: string | null;
  account_id?: string | null;
  page?: number;
  page_size?: number;
};

export const ENTRIES_PATH = '/accounting/workspaces/{workspace_id}/journal-entries/';

/** The journal as it opens: newest first, unfiltered, its first page. */
export const UNFILTERED_ENTRIES: EntryFilters = {
  status: null,
  date_from: null,
  date_to: null,
  text: null,
  page: 1,
};

/** A page of the journal: the list's request and the screen's prefetch. */
export function entriesCall(workspaceId: string, filters: EntryFilters) {
  return {
    params: { workspace_id: workspaceId },
    query: { page: 1, page_size: ENTRY_PAGE_SIZE, ...filters },
  };
}

export async function getEntries(workspaceId: string, filters: EntryFilters) {
  return api.get(ENTRIES_PATH, paginatedEnvelope(entrySummarySchema), {
    ...entriesCall(workspaceId, filters),
    // Spec §8: a listing failure is only logged; the screen shows its error state.
    handleErrors: false,
  });
}

export function useEntries(filters: EntryFilters) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId ? [accountingPaths.entries(workspaceId), JSON.stringify(filters)] : null,
    () =>
      getEntries(requireParam('workspaceId', workspaceId, 'getEntries'), filters).catch(
        (error: unknown) => {
          console.warn('Listing journal entries failed:', String(error));
          throw error;
        },
      ),
    { keepPreviousData: true },
  );
}

export async function getEntry(workspaceId: string, entryId: string) {
  const { data } = await api.get(
    '/accounting/workspaces/{workspace_id}/journal-entries/{id}/',
    dataEnvelope(entryDetailSchema),
    {
      params: { workspace_id: workspaceId, id: entryId },
    },
  );
  return data;
}

export function useEntry(entryId: string | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId && entryId ? [accountingPaths.entry(workspaceId, entryId)] : null, () =>
    getEntry(requireParam('workspaceId', workspaceId, 'getEntry'), entryId ?? ''),
  );
}

/** The body of POST journal-entries/ and PATCH journal-entries/{id}/. */
export type EntryInput = {
  date: string;
  memo: string;
  reference: string;
  lines: { account_id: string; description: string; debit: string; credit: string }[];
};

const commandResultSchema = dataEnvelope(
  z.object({ id: z.string(), status: z.string(), entry_number: z.string().nullable() }),
);
export type CommandResult = z.infer<typeof commandResultSchema>['data'];

/**
 * Spec §8: accounting calls other than listing send their errors to the shared handler
 * (toasts) and rethrow; the form also shows each field error on its line (`formErrorsOf`).
 */
export async function createEntry(workspaceId: string, input: EntryInput, post: boolean) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/journal-entries/',
    commandResultSchema,
    {
      params: { workspace_id: workspaceId },
      body: { ...input, post },
    },
  );
  await refreshBooks();
  return data;
}

export async function updateEntry(workspaceId: string, entryId: string, input: EntryInput) {
  const { data } = await api.patch(
    '/accounting/workspaces/{workspace_id}/journal-entries/{id}/',
    commandResultSchema,
    {
      params: { workspace_id: workspaceId, id: entryId },
      body: input,
    },
  );
  await refreshBooks();
  return data;
}

export async function postEntry(workspaceId: string, entryId: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/journal-entries/{id}/post/',
    commandResultSchema,
    {
      params: { workspace_id: workspaceId, id: entryId },
    },
  );
  await refreshBooks();
  return data;
}

export async function deleteEntry(workspaceId: string, entryId: string) {
  await api.delete('/accounting/workspaces/{workspace_id}/journal-entries/{id}/', z.unknown(), {
    params: { workspace_id: workspaceId, id: entryId },
  });
  await refreshBooks();
}

export async function reverseEntry(workspaceId: string, entryId: string, date: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/journal-entries/{id}/reverse/',
    commandResultSchema,
    {
      params: { workspace_id: workspaceId, id: entryId },
      body: { date },
    },
  );
  await refreshBooks();
  return data;
}

export type ExportFormat = 'csv' | 'hledger';

/** Every posted entry as the server exports it: CSV, or an hledger journal (DESIGN.md §11). */
export async function exportEntries(workspaceId: string, format: ExportFormat): Promise<Blob> {
  return api.download('/accounting/workspaces/{workspace_id}/journal-entries/export/', {
    params: { workspace_id: workspaceId },
    query: { format },
  });
}
