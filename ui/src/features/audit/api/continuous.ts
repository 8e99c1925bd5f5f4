/**
 * Continuous monitoring of a workspace: its settings (on/off, the band that notifies,
 * the tests' parameters) and the entries flagged since the last close. Paths as in
 * command-api `continuous_audit.rs` and query-api `audit/continuous.rs`.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

export const notifyBandSchema = z.enum(['medium', 'high']);
export type NotifyBand = z.infer<typeof notifyBandSchema>;

/** The server answers bands as strings; anything unexpected reads as the strictest. */
const notifyBandOf = z.string().transform((v): NotifyBand => (v === 'medium' ? 'medium' : 'high'));

export const continuousSettingsSchema = z.object({
  workspace_id: z.string(),
  enabled: z.boolean(),
  notify_from: notifyBandOf,
  materiality: z.string().nullable(),
  performance_materiality: z.string().nullable(),
  approval_thresholds: z.array(z.string()),
  utc_offset_seconds: z.number().int(),
  /** The IANA zone posting times are read in; null for settings kept on a fixed offset. */
  time_zone: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  configured_by: z.string().nullable(),
  configured_at: z.string().nullable(),
});
export type ContinuousSettings = z.infer<typeof continuousSettingsSchema>;

const flagReasonSchema = z.object({
  test: z.string(),
  weight: z.number(),
  reasons: z.array(z.string()),
});
export type FlagReason = z.infer<typeof flagReasonSchema>;

export const flaggedEntrySchema = z.object({
  entry_id: z.string(),
  number: z.string(),
  date: z.string(),
  score: z.number(),
  band: z
    .string()
    .transform((v): 'low' | 'medium' | 'high' => (v === 'high' || v === 'medium' ? v : 'low')),
  reasons: z.array(flagReasonSchema),
  entry_position: z.number().int(),
  scored_through: z.number().int(),
  flagged_at: z.string(),
});
export type FlaggedEntry = z.infer<typeof flaggedEntrySchema>;

export const flaggedViewSchema = z.object({
  lock_date: z.string().nullable(),
  notify_from: notifyBandOf,
  entries: z.array(flaggedEntrySchema),
});
export type FlaggedView = z.infer<typeof flaggedViewSchema>;

export const SETTINGS_PATH = '/audit/continuous/{workspace_id}/';
export const FLAGGED_PATH = '/audit/continuous/{workspace_id}/flagged/';

export async function getContinuousSettings(workspaceId: string): Promise<ContinuousSettings> {
  const { data } = await api.get(SETTINGS_PATH, dataEnvelope(continuousSettingsSchema), {
    params: { workspace_id: workspaceId },
    handleErrors: false,
  });
  return data;
}

export async function getFlagged(workspaceId: string): Promise<FlaggedView> {
  const { data } = await api.get(FLAGGED_PATH, dataEnvelope(flaggedViewSchema), {
    params: { workspace_id: workspaceId },
    handleErrors: false,
  });
  return data;
}

/** The whole configuration, as the `PUT` takes it. */
export type ContinuousSettingsInput = {
  enabled: boolean;
  notify_from: NotifyBand;
  materiality: string | null;
  performance_materiality: string | null;
  approval_thresholds: string[];
  /** Absent: the server reads times on the workspace's own zone. */
  time_zone?: string;
  params: Record<string, unknown>;
};

export async function saveContinuousSettings(
  workspaceId: string,
  input: ContinuousSettingsInput,
): Promise<void> {
  await api.put(SETTINGS_PATH, z.unknown(), { params: { workspace_id: workspaceId }, body: input });
  await Promise.all([mutate(settingsKey(workspaceId)), mutate(flaggedKey(workspaceId))]);
}

// SWR keys: tuples so the workspace is part of every key.
const settingsKey = (workspaceId: string) => ['audit-continuous', workspaceId] as const;
const flaggedKey = (workspaceId: string) => ['audit-continuous-flagged', workspaceId] as const;

export function useContinuousSettings(workspaceId: string | null) {
  return useSWR(workspaceId ? settingsKey(workspaceId) : null, ([, ws]) =>
    getContinuousSettings(ws),
  );
}

/** New entries are flagged as they are posted: refreshed every 30 s while open. */
export function useFlagged(workspaceId: string | null) {
  return useSWR(workspaceId ? flaggedKey(workspaceId) : null, ([, ws]) => getFlagged(ws), {
    refreshInterval: 30_000,
  });
}
