/**
 * The payment round trip of spec §2/§8: a link is requested and opened; on return the
 * payment is processed with tx_ref and status, and the outcome leads to /license.
 * The decisions live here, with their side effects injectable, so they are testable
 * without a browser.
 */
import { paths } from '@/config/paths';
import { ApiError, serverErrorMessage } from '@/lib/api-client';
import { isZero } from '@/lib/money';
import { navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import {
  DEFAULT_PROVIDER,
  getTransactions,
  isProvider,
  processPayment,
  type ProcessedPayment,
  type Provider,
  type TransactionLink,
} from '../api/billing';

/** Spec §8: the toast on a confirmed payment is titled Notice. */
export const PAYMENT_NOTICE_TITLE = 'Notice';
export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful';
export const PAYMENT_FAILED_MESSAGE = 'The payment did not go through.';
export const PAYMENT_PENDING_MESSAGE =
  'The payment is not confirmed yet; your plan changes once the provider confirms it.';
export const PAYMENT_UNIDENTIFIED_MESSAGE =
  'The payment provider did not say which payment this was; your plan is unchanged.';
export const TOP_UP_PENDING_MESSAGE =
  'The top-up is not confirmed yet; your balance grows once the provider confirms it.';
export const NO_LINK_MESSAGE = 'The payment provider gave no checkout link. Please try again.';

/** Where the provider sends the customer back to. */
export function paymentRedirectUrl(origin: string = window.location.origin): string {
  return `${origin}${paths.paymentCompletion}`;
}

export type LinkEnv = {
  open: (url: string) => void;
  toastError: (message: string) => void;
  rememberProvider: (txRef: string, provider: Provider) => void;
};

const defaultLinkEnv: LinkEnv = {
  open: (url) => {
    window.open(url, '_blank');
  },
  toastError: (message) => notify.error(message),
  rememberProvider: (txRef, provider) => storage.setPaymentProvider(txRef, provider),
};

/**
 * Spec: "if amount_to_pay is "0.00" with an error, show the error toast and open
 * nothing; otherwise open the link in a new tab". The provider is remembered under the
 * tx_ref, so the return settles the payment with the same provider.
 */
export function openPaymentLink(
  result: TransactionLink,
  provider: Provider,
  env: LinkEnv = defaultLinkEnv,
): 'opened' | 'refused' {
  if (isZero(result.amount_to_pay) && result.error) {
    env.toastError(result.error);
    return 'refused';
  }
  if (!result.link) {
    env.toastError(result.error || NO_LINK_MESSAGE);
    return 'refused';
  }
  if (result.tx_ref) env.rememberProvider(result.tx_ref, provider);
  env.open(result.link);
  return 'opened';
}

export type CompletionEnv = {
  signedIn: () => boolean;
  providerOf: (txRef: string) => string | null;
  forgetProvider: (txRef: string) => void;
  process: (provider: Provider, txRef: string, status: string | null) => Promise<ProcessedPayment>;
  /** Why a failed payment failed, as the payment history records it (null when unknown). */
  failureReason: (txRef: string) => Promise<string | null>;
  notice: (title: string, message: string) => void;
  toastError: (message: string) => void;
  handleError: (error: unknown) => void;
  signOut: () => void;
  navigate: (to: string) => void;
};

const defaultCompletionEnv: CompletionEnv = {
  signedIn: () => storage.getToken() !== null,
  providerOf: (txRef) => storage.getPaymentProvider(txRef),
  forgetProvider: (txRef) => storage.setPaymentProvider(txRef, null),
  process: processPayment,
  failureReason: async (txRef) => {
    const transactions = await getTransactions(null).catch(() => []);
    return transactions.find((t) => t.tx_ref === txRef)?.failure_reason ?? null;
  },
  notice: (title, message) => notify.info(title, message),
  toastError: (message) => notify.error(message),
  // Spec §8: the payment helper's errors are one toast, the first nested message.
  handleError: (error) => notify.error(serverErrorMessage(error)),
  signOut: () => storage.setToken(null),
  navigate: (to) => navigateTo(to, { replace: true }),
};

export type CompletionOutcome =
  'successful' | 'failed' | 'pending' | 'unidentified' | 'error' | 'signed-out';

/**
 * Settles the payment the provider returned from (`status` and `tx_ref` in the query):
 * success → the Notice toast 'Payment successful'; anything else → an error toast with
 * the reason. Both go to /license. Signed out (or a token the server refuses) → sign-in.
 */
export async function completePayment(
  query: URLSearchParams,
  env: CompletionEnv = defaultCompletionEnv,
): Promise<CompletionOutcome> {
  if (!env.signedIn()) {
    env.navigate(paths.auth.login);
    return 'signed-out';
  }
  const txRef = query.get('tx_ref')?.trim() ?? '';
  if (!txRef) {
    env.toastError(PAYMENT_UNIDENTIFIED_MESSAGE);
    env.navigate(paths.license);
    return 'unidentified';
  }
  const remembered = env.providerOf(txRef);
  const provider: Provider = isProvider(remembered) ? remembered : DEFAULT_PROVIDER;

  let processed: ProcessedPayment;
  try {
    processed = await env.process(provider, txRef, query.get('status'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // Spec §8: in the payment client a 401 removes the token and goes to sign-in.
      env.signOut();
      env.navigate(paths.auth.login);
      return 'signed-out';
    }
    env.handleError(error);
    env.navigate(paths.license);
    return 'error';
  }

  // A wallet top-up returns to the wallet; a plan's payment to the plan.
  const back = processed.wallet_id ? paths.wallet : paths.license;
  if (processed.status === 'successful') {
    env.forgetProvider(txRef);
    env.notice(PAYMENT_NOTICE_TITLE, PAYMENT_SUCCESS_MESSAGE);
    env.navigate(back);
    return 'successful';
  }
  if (processed.status === 'pending') {
    env.toastError(processed.wallet_id ? TOP_UP_PENDING_MESSAGE : PAYMENT_PENDING_MESSAGE);
    env.navigate(back);
    return 'pending';
  }
  env.forgetProvider(txRef);
  const reason =
    processed.failure_reason ?? (processed.wallet_id ? null : await env.failureReason(txRef));
  env.toastError(reason ? `${PAYMENT_FAILED_MESSAGE} ${reason}` : PAYMENT_FAILED_MESSAGE);
  env.navigate(back);
  return 'failed';
}
