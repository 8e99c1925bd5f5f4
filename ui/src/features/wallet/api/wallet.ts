/**
 * Spec §7 payment service, the wallet routes (`/payments/payments/wallet/…`): an
 * organization's wallets, their saved cards and transactions, top-ups through a provider
 * (checkout in a new tab, or a saved card), debits, and paying a plan from a wallet.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, idSchema, paginatedEnvelope } from '@/lib/api-client';

export const WALLETS_PATH = '/payments/payments/wallet/';
export const CARDS_PATH = '/payments/payments/wallet/{wallet_id}/cards/';
export const WALLET_TRANSACTIONS_PATH = '/payments/payments/wallet/{wallet_id}/transactions/';
export const PROVIDERS_PATH = '/payments/payments/providers/';

export const walletSchema = z.object({
  id: idSchema,
  organization_id: idSchema,
  name: z.string(),
  currency: z.string(),
  balance: z.string(),
  status: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const cardSchema = z.object({
  id: idSchema,
  wallet_id: idSchema,
  provider: z.string(),
  brand: z.string(),
  first6: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  bank: z.string(),
  fingerprint: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

export const walletTransactionSchema = z.object({
  id: idSchema,
  wallet_id: idSchema,
  transaction_type: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  provider: z.string().nullish(),
  tx_ref: z.string().nullish(),
  provider_transaction_id: z.string().nullish(),
  description: z.string(),
  reference: z.string().nullish(),
  balance_after: z.string().nullish(),
  user_id: z.string().nullish(),
  failure_reason: z.string().nullish(),
  created_datetime: z.string(),
  settled_datetime: z.string().nullish(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

const providerSchema = z.object({ name: z.string(), label: z.string(), live: z.boolean() });
export type ProviderChoice = z.infer<typeof providerSchema>;

const creditSchema = z.object({
  transaction_id: idSchema,
  tx_ref: z.string(),
  provider: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  link: z.string().nullish(),
  failure_reason: z.string().nullish(),
});
export type CreditAnswer = z.infer<typeof creditSchema>;

const debitSchema = z.object({
  id: idSchema,
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  reference: z.string().nullish(),
  balance_after: z.string(),
});

/** The transactions grid's filters (spec §7), as the query sends them. */
export type TransactionFilters = {
  status?: string;
  transaction_type?: string;
  created_datetime__gte?: string;
  created_datetime__lte?: string;
};

// --- Reads -----------------------------------------------------------------------------

export async function getWallets(organizationId: string | null): Promise<Wallet[]> {
  const page = await api.get(WALLETS_PATH, paginatedEnvelope(walletSchema), {
    query: { organization_id: organizationId ?? undefined, page: 1, page_size: 10 },
  });
  return page.data;
}

export function useWallets(organizationId: string | null) {
  return useSWR([WALLETS_PATH, organizationId], () => getWallets(organizationId));
}

export function useCards(walletId: string | null) {
  return useSWR(walletId ? [CARDS_PATH, walletId] : null, async () => {
    const { data } = await api.get(CARDS_PATH, dataEnvelope(z.array(cardSchema)), {
      params: { wallet_id: walletId ?? '' },
    });
    return data;
  });
}

export function useWalletTransactions(walletId: string | null, filters: TransactionFilters) {
  return useSWR(
    walletId ? [WALLET_TRANSACTIONS_PATH, walletId, JSON.stringify(filters)] : null,
    async () => {
      const page = await api.get(
        WALLET_TRANSACTIONS_PATH,
        paginatedEnvelope(walletTransactionSchema),
        { params: { wallet_id: walletId ?? '' }, query: { ...filters, page: 1, page_size: 100 } },
      );
      return page.data;
    },
  );
}

export function useProviders() {
  return useSWR(PROVIDERS_PATH, async () => {
    const { data } = await api.get(PROVIDERS_PATH, dataEnvelope(z.array(providerSchema)));
    return data;
  });
}

/** After money moved: the wallets, their cards and their transactions ask again. */
export async function revalidateWallets(): Promise<void> {
  await mutate(
    (key) =>
      Array.isArray(key) &&
      [WALLETS_PATH, CARDS_PATH, WALLET_TRANSACTIONS_PATH].includes(String(key[0])),
  );
}

// --- Commands --------------------------------------------------------------------------

export async function openWallet(
  organizationId: string | null,
  currency: string,
  name: string,
): Promise<Wallet> {
  const { data } = await api.post(WALLETS_PATH, dataEnvelope(walletSchema), {
    body: { organization_id: organizationId ?? undefined, currency, name },
  });
  return data;
}

/** Starts a top-up through `provider`'s checkout; answers its link. */
export async function topUp(
  walletId: string,
  amount: string,
  provider: string,
  redirectUrl: string,
): Promise<CreditAnswer> {
  const { data } = await api.post(
    '/payments/payments/wallet/{wallet_id}/credit/',
    dataEnvelope(creditSchema),
    { params: { wallet_id: walletId }, body: { amount, provider, redirect_url: redirectUrl } },
  );
  return data;
}

/** Tops up by charging a saved card; answers the settled top-up. */
export async function chargeCard(
  walletId: string,
  amount: string,
  cardId: string,
): Promise<CreditAnswer> {
  const { data } = await api.post(
    '/payments/payments/wallet/{wallet_id}/credit/',
    dataEnvelope(creditSchema),
    { params: { wallet_id: walletId }, body: { amount, card_id: cardId } },
  );
  return data;
}

export async function removeCard(walletId: string, cardId: string): Promise<void> {
  await api.post(
    '/payments/payments/wallet/{wallet_id}/cards/{card_id}/remove/',
    dataEnvelope(z.object({ id: idSchema, removed: z.boolean() })),
    { params: { wallet_id: walletId, card_id: cardId } },
  );
}

/** Pays `plan` (its price now) from the wallet; errors are left to the caller. */
export async function payPlanFromWallet(walletId: string, plan: string) {
  const { data } = await api.post(
    '/payments/payments/wallet/{wallet_id}/debit/',
    dataEnvelope(debitSchema),
    { params: { wallet_id: walletId }, body: { plan }, handleErrors: false },
  );
  return data;
}
