/**
 * Payroll's SWR keys, built in one place. Every key starts with the workspace's
 * `/accounting/` path, so a posted or reversed run can refresh the books' reports too.
 */
import { mutate } from 'swr';

const base = (ws: string) => `/accounting/workspaces/${encodeURIComponent(ws)}/payroll/`;

/** Payroll's paths under `/api/v1`, which are also its SWR keys. */
export const payrollKeys = {
  root: base,
  employees: (ws: string) => `${base(ws)}employees/`,
  settings: (ws: string) => `${base(ws)}settings/`,
  payRuns: (ws: string) => `${base(ws)}pay-runs/`,
  payRun: (ws: string, id: string) => `${base(ws)}pay-runs/${encodeURIComponent(id)}/`,
  summary: (ws: string) => `${base(ws)}summary/`,
} as const;

function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && typeof key[0] === 'string') return key[0];
  return null;
}

/** Refreshes every payroll read of the workspace. */
export async function refreshPayroll(ws: string): Promise<void> {
  const prefix = base(ws);
  await mutate((key) => keyPath(key)?.startsWith(prefix) ?? false);
}

/**
 * Refreshes everything read from the workspace's books: a posted or reversed run is a
 * journal entry, so the trial balance, ledgers and summaries move with it.
 */
export async function refreshBooksAndPayroll(ws: string): Promise<void> {
  const prefix = `/accounting/workspaces/${encodeURIComponent(ws)}/`;
  await mutate((key) => keyPath(key)?.startsWith(prefix) ?? false);
}
