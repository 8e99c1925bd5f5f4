/**
 * The organization's set-up checklist (`/accounts/organizations/{id}/setup-progress/`):
 * which of its steps the books show done or the Admin skipped, and whether it was
 * dismissed. The server decides "done" from the log; the UI only shows and skips.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { apiClient, dataEnvelope } from '@/lib/api-client';
import { useOrganizationId } from '@/lib/active-workspace';

const stepSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  skipped: z.boolean(),
});

export const setupProgressSchema = dataEnvelope(
  z.object({
    steps: z.array(stepSchema),
    completed: z.number(),
    total: z.number(),
    percent: z.number(),
    dismissed: z.boolean(),
  }),
);

export type SetupStep = z.infer<typeof stepSchema>;
export type SetupProgress = z.infer<typeof setupProgressSchema>['data'];

export const setupProgressPath = (organizationId: string) =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/setup-progress/`;

export function useSetupProgress() {
  const organizationId = useOrganizationId();
  const key = organizationId ? setupProgressPath(organizationId) : null;
  const swr = useSWR(key, async (path: string) => {
    // The checklist is a guide: without it the dashboard still works.
    const { data } = await apiClient.get(path, setupProgressSchema, { handleErrors: false });
    return data;
  });
  /** Skips `step` (keeping earlier skips) or dismisses the whole checklist. */
  const update = async (change: { skip?: string; dismiss?: boolean }) => {
    if (!key || !swr.data) return;
    const skipped = swr.data.steps.filter((s) => s.skipped).map((s) => s.key);
    const body = {
      ...(change.skip ? { skipped_steps: [...skipped, change.skip] } : {}),
      ...(change.dismiss ? { dismissed: true } : {}),
    };
    await apiClient.patch(key, z.unknown(), body);
    await swr.mutate();
  };
  return { progress: swr.data, update };
}
