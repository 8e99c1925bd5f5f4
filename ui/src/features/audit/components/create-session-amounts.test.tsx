import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/test-utils';

import { CreateSessionModal } from './create-session-modal';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
const api = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../api/sessions', () => ({
  openSession: (...args: unknown[]) => {
    api.calls.push(args);
    return Promise.resolve('s1');
  },
}));

describe('CreateSessionModal amounts', () => {
  it('accepts amounts as people type them and sends plain decimal strings', async () => {
    const onCreated = vi.fn();
    renderWithProviders(
      <CreateSessionModal workspaceId="ws1" opened onClose={vi.fn()} onCreated={onCreated} />,
    );
    await userEvent.type(screen.getByLabelText(/^Materiality/), '1,500,000');
    await userEvent.type(screen.getByLabelText(/^Performance materiality/), '1125000.5');
    await userEvent.type(screen.getByLabelText(/^Approval threshold/), ' 250,000.00 ');
    await userEvent.click(screen.getByRole('button', { name: 'Open session' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('s1'));
    expect(api.calls[0]?.[1]).toMatchObject({
      materiality: '1500000.00',
      performance_materiality: '1125000.50',
      approval_thresholds: ['250000.00'],
    });
  });

  it('says in plain words when an amount is not one', async () => {
    renderWithProviders(
      <CreateSessionModal workspaceId="ws1" opened onClose={vi.fn()} onCreated={vi.fn()} />,
    );
    await userEvent.type(screen.getByLabelText(/^Materiality/), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Open session' }));
    expect(
      (await screen.findAllByText('Enter an amount such as 1,500,000 or 1500000.00')).length,
    ).toBeGreaterThan(0);
  });
});
