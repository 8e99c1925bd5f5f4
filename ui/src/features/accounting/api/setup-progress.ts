/**
 * The organization's set-up checklist (`/accounts/organizations/{id}/setup-progress/`):
 * which of its steps the books show done or the Admin skipped, and whether it was
 * dismissed. The server decides "done" from the log; the UI only shows and skips.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';
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

export const SETUP_PROGRESS_PATH = '/accounts/organizations/{organization_id}/setup-progress/';

export function useSetupProgress() {
  const organizationId = useOrganizationId();
  const key = organizationId ? ([SETUP_PROGRESS_PATH, organizationId] as const) : null;
  const swr = useSWR(key, async ([, organization_id]) => {
    // The checklist is a guide: without it the dashboard still works.
    const { data } = await api.get(SETUP_PROGRESS_PATH, setupProgressSchema, {
      params: { organization_id },
      handleErrors: false,
    });
    return data;
  });
  /**
   * Skips `step` or takes a skip back (keeping the other skips), or dismisses the
   * checklist (`dismiss: false` shows it on the dashboard again).
   */
  const update = async (change: { skip?: string; unskip?: string; dismiss?: boolean }) => {
    if (!organizationId || !swr.data) return;
    const skipped = swr.data.steps.filter((s) => s.skipped).map((s) => s.key);
    const body = {
      ...(change.skip ? { skipped_steps: [...skipped, change.skip] } : {}),
      ...(change.unskip ? { skipped_steps: skipped.filter((k) => k !== change.unskip) } : {}),
      ...(change.dismiss !== undefined ? { dismissed: change.dismiss } : {}),
    };
    await api.patch(SETUP_PROGRESS_PATH, z.unknown(), {
      params: { organization_id: organizationId },
      body,
    });
    await swr.mutate();
  };
  return { progress: swr.data, update };
}
