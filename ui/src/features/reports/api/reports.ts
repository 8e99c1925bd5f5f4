/**
 * Generated financial reports: the workspace's downloads, asking for a report (the server
 * renders it in the background and notifies the requester), deleting one, and fetching
 * its file — all through the one API client.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, paginatedEnvelope, PAGE_SIZE_MAX } from '@/lib/api-client';

import { accountingPaths } from '../../accounting/api/paths';
import type { ReportRequest } from '../lib/report-kinds';

const REPORTS_PATH = '/accounting/workspaces/{workspace_id}/reports/';
const REPORT_PATH = '/accounting/workspaces/{workspace_id}/reports/{report_id}/';
const DOWNLOAD_PATH = '/accounting/workspaces/{workspace_id}/reports/{report_id}/download/';

export const reportSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  format: z.string(),
  parameters: z
    .object({
      as_of: z.string().nullish(),
      compare_to: z.string().nullish(),
      from: z.string().nullish(),
      to: z.string().nullish(),
      compare_from: z.string().nullish(),
      granularity: z.string().nullish(),
      account_id: z.string().nullish(),
    })
    .nullish(),
  /** `generating`, `ready` or `failed`. */
  status: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  finished_at: z.string().nullish(),
  file_name: z.string().nullish(),
  content_type: z.string().nullish(),
  size: z.number().nullish(),
  sha256: z.string().nullish(),
  rows: z.number().nullish(),
  data_position: z.number().nullish(),
  failure_reason: z.string().nullish(),
});
export type Report = z.infer<typeof reportSchema>;

/** How often the list is re-read while a report is still being generated. */
export const GENERATING_POLL_MS = 1500;

/** The workspace's reports, newest first (the most recent page of the API's largest size). */
export function useReports(workspaceId: string | null) {
  return useSWR(
    workspaceId ? [accountingPaths.reports(workspaceId), 'list'] : null,
    async () => {
      const page = await api.get(REPORTS_PATH, paginatedEnvelope(reportSchema), {
        params: { workspace_id: workspaceId as string },
        query: { page: '1', page_size: String(PAGE_SIZE_MAX) },
      });
      return page.data;
    },
    {
      refreshInterval: (latest) =>
        latest?.some((r) => r.status === 'generating') ? GENERATING_POLL_MS : 0,
    },
  );
}

const requestedSchema = z.object({ id: z.string(), status: z.string() });

/** Asks for a report; the answer is its id, `generating`. */
export async function requestReport(
  workspaceId: string,
  body: ReportRequest,
): Promise<z.infer<typeof requestedSchema>> {
  const { data } = await api.post(REPORTS_PATH, dataEnvelope(requestedSchema), {
    params: { workspace_id: workspaceId },
    body,
  });
  return data;
}

export async function deleteReport(workspaceId: string, id: string): Promise<void> {
  await api.delete(REPORT_PATH, z.unknown(), {
    params: { workspace_id: workspaceId, report_id: id },
  });
}

export function downloadReport(workspaceId: string, id: string): Promise<Blob> {
  return api.download(DOWNLOAD_PATH, { params: { workspace_id: workspaceId, report_id: id } });
}

/** One report, as it stands. */
export async function fetchReport(workspaceId: string, id: string): Promise<Report> {
  const { data } = await api.get(REPORT_PATH, dataEnvelope(reportSchema), {
    params: { workspace_id: workspaceId, report_id: id },
  });
  return data;
}

/** How long a download from a screen waits for its report: a statement takes a moment. */
export const READY_WAIT_ATTEMPTS_MAX = 120;
export const READY_WAIT_INTERVAL_MS = 500;

/**
 * Waits until the generator has finished `id` (ready or failed), re-reading it every
 * `intervalMs`; `null` when it is still generating after `attemptsMax` reads.
 */
export async function finishedReport(
  workspaceId: string,
  id: string,
  { attemptsMax = READY_WAIT_ATTEMPTS_MAX, intervalMs = READY_WAIT_INTERVAL_MS } = {},
): Promise<Report | null> {
  for (let attempt = 0; attempt < attemptsMax; attempt += 1) {
    const report = await fetchReport(workspaceId, id);
    if (report.status !== 'generating') return report;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
