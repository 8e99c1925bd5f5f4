import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { AccountFormModal } from './account-form-modal';

beforeEach(() => {
  window.localStorage.setItem('wsId', 'w1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountFormModal', () => {
  it('shows the server’s field error on its field and stays open', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ body: { data: [] } }),
      },
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({
          status: 400,
          body: { account_code: ['Another account already has code 1110.'] },
        }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AccountFormModal opened onClose={onClose} account={null} accounts={[]} />);

    await user.type(screen.getByLabelText('Code'), '1110');
    await user.type(screen.getByLabelText('Name'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
        'Another account already has code 1110.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      account_code: '1110',
      name: 'Cash',
      account_type: 'asset',
      parent_id: null,
      depreciation_type: null,
      depreciation_value: null,
      statement_section: null,
      cash_flow_category: null,
    });
  });

  it('sends the chosen statement section and cash-flow category', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ body: { data: [] } }),
      },
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ status: 201, body: { data: { id: 'a1' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AccountFormModal opened onClose={onClose} account={null} accounts={[]} />);

    await user.type(screen.getByLabelText('Code'), '1540');
    await user.type(screen.getByLabelText('Name'), 'Long-term deposit');
    await user.click(screen.getByRole('textbox', { name: 'Statement section' }));
    await user.click(await screen.findByRole('option', { name: 'Non-current assets' }));
    await user.click(screen.getByRole('textbox', { name: 'Cash-flow category' }));
    await user.click(await screen.findByRole('option', { name: 'Investing' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      statement_section: 'non_current_assets',
      cash_flow_category: 'investing',
    });
  });

  it('sends an asset account’s depreciation method and yearly rate', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ body: { data: [] } }),
      },
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ status: 201, body: { data: { id: 'a1' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AccountFormModal opened onClose={onClose} account={null} accounts={[]} />);

    await user.type(screen.getByLabelText('Code'), '1530');
    await user.type(screen.getByLabelText('Name'), 'Delivery vans');
    await user.click(screen.getByRole('textbox', { name: 'Depreciation' }));
    await user.click(await screen.findByRole('option', { name: 'Straight line' }));
    await user.type(screen.getByLabelText('Yearly rate (%)'), '25');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      account_code: '1530',
      depreciation_type: 'straight_line',
      depreciation_value: '25',
    });
  });

  it('refuses a yearly depreciation rate above 100 before asking the server', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ body: { data: [] } }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <AccountFormModal opened onClose={() => undefined} account={null} accounts={[]} />,
    );

    await user.type(screen.getByLabelText('Code'), '1530');
    await user.type(screen.getByLabelText('Name'), 'Delivery vans');
    await user.click(screen.getByRole('textbox', { name: 'Depreciation' }));
    await user.click(await screen.findByRole('option', { name: 'Declining balance' }));
    await user.type(screen.getByLabelText('Yearly rate (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText(
        'Enter a yearly rate above 0 and at most 100, with up to two decimals.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses an empty code and name before asking the server', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/accounts/',
        reply: () => ({ body: { data: [] } }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <AccountFormModal opened onClose={() => undefined} account={null} accounts={[]} />,
    );

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Enter a code.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
