import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { SANDBOX_BANNER, SandboxCheckoutScreen } from './sandbox-checkout-screen';

const PATH = '/payments/sandbox/checkout/LL-1/';

const checkout = (status = 'pending'): ApiRoute => ({
  method: 'GET',
  path: PATH,
  reply: () => ({
    body: {
      data: {
        checkout: {
          tx_ref: 'LL-1',
          provider: 'flutterwave',
          amount: '75000.00',
          currency: 'NGN',
          description: 'Ledgerline Enterprise plan, one month',
          status,
          card_last4: status === 'pending' ? null : '4242',
        },
        test_cards: { accepted: '4242424242424242', declined: '4000000000000002' },
      },
    },
  }),
});

function renderCheckout(leave = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/sandbox-checkout/:txRef" element={<SandboxCheckoutScreen leave={leave} />} />
    </Routes>,
    { route: '/sandbox-checkout/LL-1' },
  );
  return leave;
}

afterEach(() => vi.unstubAllGlobals());

describe('the sandbox checkout', () => {
  it('says it is a sandbox and shows the merchant, description and amount', async () => {
    stubApi([checkout()]);
    renderCheckout();
    expect(await screen.findByTestId('checkout-amount')).toHaveTextContent('₦75,000.00');
    expect(screen.getByText(SANDBOX_BANNER)).toBeInTheDocument();
    expect(screen.getByText('Pay Ledgerline')).toBeInTheDocument();
    expect(screen.getByText('Ledgerline Enterprise plan, one month')).toBeInTheDocument();
  });

  it('refuses an empty form on its fields without asking the provider', async () => {
    const { requests } = stubApi([checkout()]);
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Enter the 12 to 19 digits of the card number.')).toBeVisible();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeVisible();
    expect(screen.getByText('Enter the 3 or 4 digits on the back of the card.')).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('spaces the card number and fills a test card on click', async () => {
    stubApi([checkout()]);
    renderCheckout();
    const number = await screen.findByLabelText('Card number');
    await userEvent.type(number, '42424242');
    expect(number).toHaveValue('4242 4242');
    await userEvent.click(screen.getByRole('button', { name: /4000 0000 0000 0002/ }));
    expect(number).toHaveValue('4000 0000 0000 0002');
  });

  it("puts the provider's field errors on their fields", async () => {
    stubApi([
      checkout(),
      {
        method: 'POST',
        path: PATH,
        reply: () => ({ status: 400, body: { expiry: ['This card has expired.'] } }),
      },
    ]);
    const leave = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /4242 4242 4242 4242/ }));
    await userEvent.type(screen.getByLabelText('Expiry'), '0120');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('This card has expired.')).toBeVisible();
    expect(leave).not.toHaveBeenCalled();
  });

  it('Pay sends the digits and leaves for the redirect the provider answers', async () => {
    const redirect = 'http://shop.test/payment-completion?status=successful&tx_ref=LL-1';
    const { requests } = stubApi([
      checkout(),
      { method: 'POST', path: PATH, reply: () => ({ body: { data: { redirect } } }) },
    ]);
    const leave = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /4242 4242 4242 4242/ }));
    await userEvent.type(screen.getByLabelText('Expiry'), '1229');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(redirect));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'pay',
      card_number: '4242424242424242',
      expiry: '12/29',
      cvc: '123',
    });
  });

  it('Cancel tells the provider and leaves for its redirect', async () => {
    const redirect = 'http://shop.test/payment-completion?status=cancelled&tx_ref=LL-1';
    const { requests } = stubApi([
      checkout(),
      { method: 'POST', path: PATH, reply: () => ({ body: { data: { redirect } } }) },
    ]);
    const leave = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(redirect));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ action: 'cancel' });
  });

  it('a completed checkout shows that it is complete, with no form', async () => {
    stubApi([checkout('successful')]);
    renderCheckout();
    expect(await screen.findByText(/already complete/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('an unknown checkout says so', async () => {
    stubApi([]);
    renderCheckout();
    expect(await screen.findByText('Checkout not found')).toBeInTheDocument();
  });
});
