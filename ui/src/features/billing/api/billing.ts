/**
 * Spec §7 payment service (`/payments/payments/…`) and the sandbox provider's checkout
 * (`/payments/sandbox/checkout/{tx_ref}/`), through the typed routes of the one API client.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { paths } from '@/config/paths';
import {
  ApiError,
  api,
  dataEnvelope,
  idSchema,
  paginatedEnvelope,
  serverErrorMessage,
} from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';
import { LATEST_SUBSCRIPTION_PATH } from '@/lib/subscription';

export const PLANS_PATH = '/payments/payments/subcription/subscription-plans/';
export const TRANSACTIONS_PATH = '/payments/payments/subcription/transactions/';
export const SANDBOX_CHECKOUT_PATH = '/payments/sandbox/checkout/{tx_ref}/';

/**
 * The payment providers the server knows, as the path segment it expects. The sandbox is
 * the embedded one (always live); the others take payments only where their keys are set.
 */
export const PROVIDERS = [
  { value: 'sandbox', label: 'Sandbox' },
  { value: 'flutterwave', label: 'Flutterwave' },
  { value: 'paystack', label: 'Paystack' },
] as const;
export type Provider = (typeof PROVIDERS)[number]['value'];
export const DEFAULT_PROVIDER: Provider = 'sandbox';

export function isProvider(value: unknown): value is Provider {
  return PROVIDERS.some((p) => p.value === value);
}

/** Spec §7: the plans are asked for with currency 0 (NGN) or 1 (USD). */
export const CURRENCIES = [
  { value: '0', label: 'NGN' },
  { value: '1', label: 'USD' },
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number]['value'];

const planRefSchema = z.object({ id: z.string(), name: z.string() });

export const planOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  currency: z.string(),
  interval: z.string(),
  is_default: z.boolean().default(false),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const subscriptionSchema = z.object({
  id: idSchema,
  organization_id: idSchema.nullish(),
  plan: planRefSchema,
  status: z.string(),
  starts_at: z.string().nullish(),
  ends_at: z.string().nullish(),
  tx_ref: z.string().nullish(),
  cancelled_at: z.string().nullish(),
  created_datetime: z.string().nullish(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const latestSchema = z.object({
  data: subscriptionSchema.nullish(),
  effective_plan: planRefSchema.nullish(),
});
export type LatestSubscription = {
  subscription: Subscription | null;
  effectivePlan: { id: string; name: string } | null;
};

export const transactionSchema = z.object({
  tx_ref: z.string(),
  provider: z.string(),
  plan: planRefSchema,
  amount: z.string(),
  credit: z.string().nullish(),
  currency: z.string(),
  status: z.string(),
  provider_transaction_id: z.string().nullish(),
  failure_reason: z.string().nullish(),
  created_datetime: z.string(),
  settled_datetime: z.string().nullish(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionLinkSchema = z.object({
  amount_to_pay: z.string(),
  price: z.string().nullish(),
  credit: z.string().nullish(),
  currency: z.string().nullish(),
  error: z.string().nullish(),
  link: z.string().nullish(),
  tx_ref: z.string().nullish(),
});
export type TransactionLink = z.infer<typeof transactionLinkSchema>;

export const processedPaymentSchema = z.object({
  tx_ref: z.string(),
  status: z.string().nullish(),
  plan: z.string().nullish(),
  subscription_id: idSchema.nullish(),
  failure_reason: z.string().nullish(),
  /** Set for a wallet top-up: the wallet it credits. */
  wallet_id: idSchema.nullish(),
});
export type ProcessedPayment = z.infer<typeof processedPaymentSchema>;

export const checkoutSchema = z.object({
  checkout: z.object({
    tx_ref: z.string(),
    provider: z.string(),
    amount: z.string(),
    currency: z.string(),
    description: z.string(),
    status: z.string(),
    card_last4: z.string().nullish(),
  }),
  test_cards: z.object({ accepted: z.string(), declined: z.string() }),
});
export type SandboxCheckout = z.infer<typeof checkoutSchema>;

// --- Reads -----------------------------------------------------------------------------

export async function getPlans(currency: CurrencyCode): Promise<PlanOffer[]> {
  const page = await api.get(PLANS_PATH, paginatedEnvelope(planOfferSchema), {
    query: { currency, page: 1, page_size: 10 },
  });
  return page.data;
}

export function usePlans(currency: CurrencyCode) {
  return useSWR([PLANS_PATH, currency], () => getPlans(currency));
}

export async function getLatestSubscription(
  organizationId: string | null,
): Promise<LatestSubscription> {
  const body = await api.get(LATEST_SUBSCRIPTION_PATH, latestSchema, {
    query: { organization_id: organizationId ?? undefined },
  });
  return { subscription: body.data ?? null, effectivePlan: body.effective_plan ?? null };
}

/**
 * The subscription in force, in full. Its key starts with `LATEST_SUBSCRIPTION_PATH`
 * like the permission module's, so `revalidateSubscription` refreshes both.
 */
/**
 * The plan the organization is on: its subscription's, else the plan the server applies
 * without one (the default plan, or the plan it was given). The plans list marks this one
 * "Current plan" instead of offering it as an upgrade.
 */
export function currentPlanId(latest: LatestSubscription | null | undefined): string | null {
  return latest?.subscription?.plan.id ?? latest?.effectivePlan?.id ?? null;
}

export function useLatestSubscription(organizationId: string | null) {
  return useSWR([LATEST_SUBSCRIPTION_PATH, organizationId, 'detail'], () =>
    getLatestSubscription(organizationId),
  );
}

export async function getTransactions(organizationId: string | null): Promise<Transaction[]> {
  const page = await api.get(TRANSACTIONS_PATH, paginatedEnvelope(transactionSchema), {
    query: { organization_id: organizationId ?? undefined, page: 1, page_size: 50 },
    handleErrors: false,
  });
  return page.data;
}

/** The organization's payments, newest first; asked only for those who manage billing. */
export function useTransactions(organizationId: string | null, enabled: boolean) {
  return useSWR(enabled ? [TRANSACTIONS_PATH, organizationId] : null, () =>
    getTransactions(organizationId),
  );
}

/**
 * After a plan change: every `latest` key (the permission module's and this page's) and
 * the payment history ask again, so permission checks everywhere see the new plan.
 */
export async function revalidateBilling(): Promise<void> {
  await mutate(
    (key) =>
      Array.isArray(key) && (key[0] === LATEST_SUBSCRIPTION_PATH || key[0] === TRANSACTIONS_PATH),
  );
}

// --- Commands --------------------------------------------------------------------------

/**
 * Spec §8, the payment helper client: a 401 removes the token and goes to /auth/login;
 * any other failure is one error toast, the body's first nested message.
 */
export function reportPaymentError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    storage.setToken(null);
    navigateTo(paths.auth.login, { replace: true });
    return;
  }
  notify.error(serverErrorMessage(error));
}

async function paymentCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    reportPaymentError(error);
    throw error;
  }
}

/** Starts a free plan (Basic) at once. */
export async function subscribeFree(plan: string, organizationId: string | null) {
  const { data } = await paymentCall(() =>
    api.post(
      '/payments/payments/organization-subscription/',
      dataEnvelope(z.object({ id: idSchema, plan: z.string(), status: z.string() })),
      { body: { plan, organization_id: organizationId ?? undefined }, handleErrors: false },
    ),
  );
  return data;
}

export async function requestTransactionLink(
  provider: Provider,
  body: { plan: string; redirect_url: string; currency: CurrencyCode },
  organizationId: string | null,
): Promise<TransactionLink> {
  const { data } = await paymentCall(() =>
    api.post(
      '/payments/payments/{provider}/transaction-link/',
      dataEnvelope(transactionLinkSchema),
      {
        params: { provider },
        body: { ...body, organization_id: organizationId ?? undefined },
        handleErrors: false,
      },
    ),
  );
  return data;
}

/** Asks the server to settle `txRef` with the provider; errors are left to the caller. */
export async function processPayment(
  provider: Provider,
  txRef: string,
  status: string | null,
): Promise<ProcessedPayment> {
  const { data } = await api.post(
    '/payments/payments/{provider}/process-payment/',
    dataEnvelope(processedPaymentSchema),
    {
      params: { provider },
      body: { tx_ref: txRef, status: status ?? undefined },
      handleErrors: false,
    },
  );
  return data;
}

export async function cancelSubscription(id: string, organizationId: string | null) {
  const { data } = await paymentCall(() =>
    api.post(
      '/payments/payments/subcription/organization-subscription/{id}/cancel/',
      dataEnvelope(z.object({ id: idSchema, status: z.string() })),
      {
        params: { id },
        query: { organization_id: organizationId ?? undefined },
        handleErrors: false,
      },
    ),
  );
  return data;
}

// --- The sandbox provider (public) -------------------------------------------------------

export async function getSandboxCheckout(txRef: string): Promise<SandboxCheckout> {
  const { data } = await api.get(SANDBOX_CHECKOUT_PATH, dataEnvelope(checkoutSchema), {
    params: { tx_ref: txRef },
    handleErrors: false,
  });
  return data;
}

export function useSandboxCheckout(txRef: string | undefined) {
  return useSWR(txRef ? [SANDBOX_CHECKOUT_PATH, txRef] : null, () =>
    getSandboxCheckout(txRef ?? ''),
  );
}

export type SandboxAction =
  { action: 'pay'; card_number: string; expiry: string; cvc: string } | { action: 'cancel' };

/** Pays or cancels at the sandbox provider; answers where the customer goes next. */
export async function completeSandboxCheckout(
  txRef: string,
  action: SandboxAction,
): Promise<string> {
  const { data } = await api.post(
    SANDBOX_CHECKOUT_PATH,
    dataEnvelope(z.object({ redirect: z.string() })),
    { params: { tx_ref: txRef }, body: action, handleErrors: false },
  );
  return data.redirect;
}
