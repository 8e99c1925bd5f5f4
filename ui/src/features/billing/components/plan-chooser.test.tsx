import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { pageOf, stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PlanChooser } from './plan-chooser';

vi.mock('@/lib/navigation', () => ({ navigateTo: vi.fn(), registerNavigator: vi.fn() }));
vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const PLANS = '/payments/payments/subcription/subscription-plans/';

const plans = (currency: string) =>
  pageOf([
    { id: 'basic', name: 'Basic', price: '0.00', currency, interval: 'month', is_default: false },
    {
      id: 'professional',
      name: 'Professional',
      price: currency === 'USD' ? '25.00' : '25000.00',
      currency,
      interval: 'month',
      is_default: true,
    },
    {
      id: 'enterprise',
      name: 'Enterprise',
      price: currency === 'USD' ? '75.00' : '75000.00',
      currency,
      interval: 'month',
      is_default: false,
    },
  ]);

const plansRoute: ApiRoute = {
  method: 'GET',
  path: PLANS,
  reply: (r) => ({ body: plans(r.query.get('currency') === '1' ? 'USD' : 'NGN') }),
};

let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  open = vi.fn();
  vi.stubGlobal('open', open);
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function renderChooser(props: Partial<Parameters<typeof PlanChooser>[0]> = {}) {
  return renderWithProviders(
    <PlanChooser
      organizationId="org-1"
      subscribedPlanId={null}
      canManage
      denial={null}
      {...props}
    />,
  );
}

describe('the plans on /license', () => {
  it('shows each plan with its monthly price, in USD after switching currency', async () => {
    stubApi([plansRoute]);
    renderChooser();
    expect(await screen.findByTestId('price-enterprise')).toHaveTextContent('₦75,000.00');
    expect(screen.getByTestId('price-basic')).toHaveTextContent('Free');
    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    await waitFor(() => expect(screen.getByTestId('price-enterprise')).toHaveTextContent('$75.00'));
  });

  it('Upgrade asks the chosen provider for a link back to /payment-completion and opens it in a new tab', async () => {
    const { requests } = stubApi([
      plansRoute,
      {
        method: 'POST',
        path: '/payments/payments/paystack/transaction-link/',
        reply: () => ({
          body: {
            data: {
              amount_to_pay: '75000.00',
              error: null,
              link: 'http://localhost/sandbox-checkout/LL-1',
              tx_ref: 'LL-1',
            },
          },
        }),
      },
    ]);
    renderChooser();
    await userEvent.click(await screen.findByRole('radio', { name: 'Paystack' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade: Enterprise' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost/sandbox-checkout/LL-1', '_blank'),
    );
    const sent = requests.find((r) => r.path.endsWith('/transaction-link/'));
    expect(sent?.body).toMatchObject({
      plan: 'enterprise',
      redirect_url: `${window.location.origin}/payment-completion`,
      currency: '0',
    });
    expect(window.localStorage.getItem('paymentProvider:LL-1')).toBe('paystack');
  });

  it('a zero amount with an error is an error toast and no tab opens', async () => {
    const error = 'Your organization is already on the Enterprise plan until 2026-12-23.';
    stubApi([
      plansRoute,
      {
        method: 'POST',
        path: '/payments/payments/sandbox/transaction-link/',
        reply: () => ({
          body: { data: { amount_to_pay: '0.00', error, link: null, tx_ref: null } },
        }),
      },
    ]);
    renderChooser();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade: Enterprise' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(error));
    expect(open).not.toHaveBeenCalled();
  });

  it('a refused payment link is one toast: its first nested message (spec §8 helper client)', async () => {
    stubApi([
      plansRoute,
      {
        method: 'POST',
        path: '/payments/payments/sandbox/transaction-link/',
        reply: () => ({
          status: 400,
          body: {
            plan: [{ currency: ['This plan is not sold in USD.'] }],
            redirect_url: ['Enter a valid URL.'],
          },
        }),
      },
    ]);
    renderChooser();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade: Enterprise' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(
        'plan[0].currency: This plan is not sold in USD.',
      ),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('a 401 from the payment helper removes the token and goes to /auth/login', async () => {
    stubApi([
      plansRoute,
      {
        method: 'POST',
        path: '/payments/payments/sandbox/transaction-link/',
        reply: () => ({
          status: 401,
          body: { detail: 'Authentication credentials were not provided.' },
        }),
      },
    ]);
    renderChooser();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade: Enterprise' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(navigateTo).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('Choose plan on Basic (free) starts it at once, without a payment', async () => {
    const { requests } = stubApi([
      plansRoute,
      {
        method: 'POST',
        path: '/payments/payments/organization-subscription/',
        reply: () => ({
          status: 201,
          body: { data: { id: 's-1', plan: 'basic', status: 'active' } },
        }),
      },
    ]);
    renderChooser();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose plan: Basic' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Your organization is now on the Basic plan'),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      plan: 'basic',
      organization_id: 'org-1',
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('the plan held is marked Current plan and cannot be bought again', async () => {
    stubApi([plansRoute]);
    renderChooser({ subscribedPlanId: 'enterprise' });
    expect(await screen.findByRole('button', { name: 'Current plan: Enterprise' })).toBeDisabled();
  });

  it('someone who may not manage billing sees the plans read-only, with the reason', async () => {
    stubApi([plansRoute]);
    renderChooser({
      canManage: false,
      denial: 'Your role does not allow you to perform this action.',
    });
    expect(await screen.findByRole('button', { name: 'Upgrade: Enterprise' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose plan: Basic' })).toBeDisabled();
    expect(
      screen.getByText(/Your role does not allow you to perform this action\./),
    ).toBeInTheDocument();
  });
});
