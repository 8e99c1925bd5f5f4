import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { registerNavigator } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PaymentCompletionScreen } from './payment-completion-screen';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

let navigate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  navigate = vi.fn();
  registerNavigator(navigate);
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.info).mockClear();
});
afterEach(() => {
  registerNavigator(null);
  vi.unstubAllGlobals();
});

const processRoute = (provider: string, status: string) => ({
  method: 'POST',
  path: `/payments/payments/${provider}/process-payment/`,
  reply: () => ({
    body: { data: { tx_ref: 'LL-ok', status, plan: 'enterprise', subscription_id: 's-1' } },
  }),
});

describe('/payment-completion', () => {
  it('settles a successful payment with the remembered provider, says Payment successful and opens /license', async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('paymentProvider:LL-ok', 'paystack');
    const { requests } = stubApi([processRoute('paystack', 'successful')]);
    renderWithProviders(<PaymentCompletionScreen />, {
      route: '/payment-completion?status=successful&tx_ref=LL-ok&transaction_id=SBX-1',
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/license', { replace: true }));
    expect(notify.info).toHaveBeenCalledWith('Notice', 'Payment successful');
    expect(requests[0]?.body).toEqual({ tx_ref: 'LL-ok', status: 'successful' });
    expect(window.localStorage.getItem('paymentProvider:LL-ok')).toBeNull();
  });

  it('a failed payment is an error toast and /license, with no Notice', async () => {
    window.localStorage.setItem('token', 't');
    stubApi([
      {
        ...processRoute('sandbox', 'failed'),
        reply: () => ({
          body: { data: { tx_ref: 'LL-no', status: 'failed', plan: null, subscription_id: null } },
        }),
      },
      {
        method: 'GET',
        path: '/payments/payments/subcription/transactions/',
        reply: () => ({
          body: { data: { data: [], count: 0, page: 1, page_size: 50, total_pages: 0 } },
        }),
      },
    ]);
    renderWithProviders(<PaymentCompletionScreen />, {
      route: '/payment-completion?status=failed&tx_ref=LL-no',
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/license', { replace: true }));
    expect(notify.error).toHaveBeenCalledWith('The payment did not go through.');
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('signed out, it sends the visitor to sign in', async () => {
    const { requests } = stubApi([]);
    renderWithProviders(<PaymentCompletionScreen />, {
      route: '/payment-completion?status=successful&tx_ref=LL-anon',
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true }));
    expect(requests).toHaveLength(0);
  });
});
