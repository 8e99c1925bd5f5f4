/**
 * The organization's plan, as far as permission checks need it: only the `plan` of the
 * subscription in force is read (a plan id, a plan name or an object carrying either);
 * without one, the choice is left to the catalog's default plan.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { currentUserFreshness } from '@/lib/swr';

export const LATEST_SUBSCRIPTION_PATH =
  '/payments/payments/subcription/organization-subscription/latest/' as const;

const planRefSchema = z.union([
  z.string(),
  z.object({ id: z.string().nullish(), name: z.string().nullish() }),
]);

const latestSubscriptionSchema = z.object({
  data: z.object({ plan: planRefSchema.nullish() }).nullish(),
});

/** The plan reference as a string the permission module can match, or null. */
export function planReference(
  plan: z.infer<typeof planRefSchema> | null | undefined,
): string | null {
  if (!plan) return null;
  if (typeof plan === 'string') return plan;
  return plan.id ?? plan.name ?? null;
}

async function getOrganizationPlan(): Promise<string | null> {
  // Not knowing the plan is not an error the user can act on: the default plan applies.
  const body = await api.get(LATEST_SUBSCRIPTION_PATH, latestSubscriptionSchema, {
    handleErrors: false,
  });
  return planReference(body.data?.plan);
}

/**
 * The active organization's plan reference (null while unknown) and whether the lookup
 * has settled (answered, failed, or not needed).
 */
export function useOrganizationPlan(): { plan: string | null; settled: boolean } {
  const orgId = storage.getActiveOrgId();
  const token = storage.getToken();
  const key = token && orgId ? [LATEST_SUBSCRIPTION_PATH, orgId] : null;
  const { data, error, isLoading } = useSWR(key, getOrganizationPlan, {
    ...currentUserFreshness,
    shouldRetryOnError: false,
  });
  return { plan: data ?? null, settled: key === null || !isLoading || error !== undefined };
}
