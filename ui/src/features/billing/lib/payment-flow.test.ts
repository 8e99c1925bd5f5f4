import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import type { ProcessedPayment, TransactionLink } from '../api/billing';

import {
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  PAYMENT_UNIDENTIFIED_MESSAGE,
  completePayment,
  openPaymentLink,
  paymentRedirectUrl,
  type CompletionEnv,
  type LinkEnv,
} from './payment-flow';

function linkEnv(): LinkEnv & {
  open: ReturnType<typeof vi.fn>;
  toastError: ReturnType<typeof vi.fn>;
  rememberProvider: ReturnType<typeof vi.fn>;
} {
  return { open: vi.fn(), toastError: vi.fn(), rememberProvider: vi.fn() };
}

const link = (overrides: Partial<TransactionLink>): TransactionLink => ({
  amount_to_pay: '75000.00',
  price: '75000.00',
  credit: '0.00',
  currency: 'NGN',
  error: null,
  link: 'http://shop.test/sandbox-checkout/LL-1',
  tx_ref: 'LL-1',
  ...overrides,
});

describe('opening the payment link (spec: payment link)', () => {
  it('a zero amount with an error shows the error toast and opens nothing', () => {
    const env = linkEnv();
    const error = 'Your organization is already on the Professional plan until 2026-12-23.';
    const outcome = openPaymentLink(
      link({ amount_to_pay: '0.00', error, link: null, tx_ref: null }),
      'flutterwave',
      env,
    );
    expect(outcome).toBe('refused');
    expect(env.toastError).toHaveBeenCalledWith(error);
    expect(env.open).not.toHaveBeenCalled();
  });

  it('otherwise opens the link and remembers the provider under the tx_ref', () => {
    const env = linkEnv();
    expect(openPaymentLink(link({}), 'paystack', env)).toBe('opened');
    expect(env.open).toHaveBeenCalledWith('http://shop.test/sandbox-checkout/LL-1');
    expect(env.rememberProvider).toHaveBeenCalledWith('LL-1', 'paystack');
    expect(env.toastError).not.toHaveBeenCalled();
  });

  it('a zero amount without an error (the credit covers the price) still opens the link', () => {
    const env = linkEnv();
    const back = 'http://shop.test/payment-completion?status=successful&tx_ref=LL-2';
    openPaymentLink(link({ amount_to_pay: '0.00', link: back, tx_ref: 'LL-2' }), 'paystack', env);
    expect(env.open).toHaveBeenCalledWith(back);
  });

  it('an answer without a link is an error, not a blank tab', () => {
    const env = linkEnv();
    expect(openPaymentLink(link({ link: null }), 'flutterwave', env)).toBe('refused');
    expect(env.open).not.toHaveBeenCalled();
    expect(env.toastError).toHaveBeenCalledTimes(1);
  });

  it('the provider returns to /payment-completion on this origin', () => {
    expect(paymentRedirectUrl('https://app.example.com')).toBe(
      'https://app.example.com/payment-completion',
    );
  });
});

function completionEnv(
  answer: ProcessedPayment | Error,
  overrides: Partial<CompletionEnv> = {},
): CompletionEnv & Record<string, ReturnType<typeof vi.fn>> {
  return {
    signedIn: vi.fn(() => true),
    providerOf: vi.fn(() => null),
    forgetProvider: vi.fn(),
    process: vi.fn(() =>
      answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
    ),
    failureReason: vi.fn(() => Promise.resolve(null)),
    notice: vi.fn(),
    toastError: vi.fn(),
    handleError: vi.fn(),
    signOut: vi.fn(),
    navigate: vi.fn(),
    ...overrides,
  } as CompletionEnv & Record<string, ReturnType<typeof vi.fn>>;
}

const query = (text: string) => new URLSearchParams(text);
const processed = (status: string): ProcessedPayment => ({
  tx_ref: 'LL-1',
  status,
  plan: status === 'successful' ? 'enterprise' : null,
  subscription_id: null,
});

describe('completing a wallet top-up', () => {
  it('returns to /wallet, not /license', async () => {
    const env = completionEnv({ ...processed('successful'), wallet_id: 'w1' });
    const outcome = await completePayment(query('status=successful&tx_ref=LLW-1'), env);
    expect(outcome).toBe('successful');
    expect(env.notice).toHaveBeenCalledWith('Notice', 'Payment successful');
    expect(env.navigate).toHaveBeenCalledWith('/wallet');
  });
});

describe('completing the payment (spec: payment completion)', () => {
  it('a confirmed payment shows the Notice toast "Payment successful" and opens /license', async () => {
    const env = completionEnv(processed('successful'));
    const outcome = await completePayment(query('status=successful&tx_ref=LL-1'), env);
    expect(outcome).toBe('successful');
    expect(env.process).toHaveBeenCalledWith('sandbox', 'LL-1', 'successful');
    expect(env.notice).toHaveBeenCalledWith('Notice', 'Payment successful');
    expect(env.navigate).toHaveBeenCalledWith('/license');
    expect(env.forgetProvider).toHaveBeenCalledWith('LL-1');
  });

  it('settles with the provider the link was opened for', async () => {
    const env = completionEnv(processed('successful'), { providerOf: vi.fn(() => 'paystack') });
    await completePayment(query('status=successful&tx_ref=LL-1'), env);
    expect(env.process).toHaveBeenCalledWith('paystack', 'LL-1', 'successful');
  });

  it('a failed payment shows an error toast with the reason and opens /license', async () => {
    const env = completionEnv(processed('failed'), {
      failureReason: vi.fn(() => Promise.resolve('Your card was declined.')),
    });
    const outcome = await completePayment(query('status=failed&tx_ref=LL-1'), env);
    expect(outcome).toBe('failed');
    expect(env.toastError).toHaveBeenCalledWith(
      `${PAYMENT_FAILED_MESSAGE} Your card was declined.`,
    );
    expect(env.notice).not.toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/license');
  });

  it('trusts the server, not the query: "successful" in the URL but failed at the provider is a failure', async () => {
    const env = completionEnv(processed('failed'));
    expect(await completePayment(query('status=successful&tx_ref=LL-1'), env)).toBe('failed');
    expect(env.toastError).toHaveBeenCalledWith(PAYMENT_FAILED_MESSAGE);
    expect(env.notice).not.toHaveBeenCalled();
  });

  it('a pending payment is an error toast and /license, and the provider is kept', async () => {
    const env = completionEnv(processed('pending'));
    expect(await completePayment(query('tx_ref=LL-1'), env)).toBe('pending');
    expect(env.toastError).toHaveBeenCalledWith(PAYMENT_PENDING_MESSAGE);
    expect(env.forgetProvider).not.toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/license');
  });

  it('without a tx_ref nothing is processed and /license opens with an error', async () => {
    const env = completionEnv(processed('successful'));
    expect(await completePayment(query('status=successful'), env)).toBe('unidentified');
    expect(env.process).not.toHaveBeenCalled();
    expect(env.toastError).toHaveBeenCalledWith(PAYMENT_UNIDENTIFIED_MESSAGE);
    expect(env.navigate).toHaveBeenCalledWith('/license');
  });

  it('signed out, it goes to sign-in without asking the server', async () => {
    const env = completionEnv(processed('successful'), { signedIn: vi.fn(() => false) });
    expect(await completePayment(query('status=successful&tx_ref=LL-1'), env)).toBe('signed-out');
    expect(env.process).not.toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('a 401 removes the token and goes to /auth/login', async () => {
    const env = completionEnv(new ApiError(401, { detail: 'Not signed in.' }, '401'));
    expect(await completePayment(query('status=successful&tx_ref=LL-1'), env)).toBe('signed-out');
    expect(env.signOut).toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('any other error is shown by the error handler and /license opens', async () => {
    const error = new ApiError(404, { detail: 'No such payment.' }, '404');
    const env = completionEnv(error);
    expect(await completePayment(query('status=successful&tx_ref=LL-9'), env)).toBe('error');
    expect(env.handleError).toHaveBeenCalledWith(error);
    expect(env.navigate).toHaveBeenCalledWith('/license');
  });
});
