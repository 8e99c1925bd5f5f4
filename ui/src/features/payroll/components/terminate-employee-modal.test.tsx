import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { todayIso } from '../lib/periods';
import { PAYROLL, WS, employee } from './payroll-test-routes';
import { TerminateEmployeeModal } from './terminate-employee-modal';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('terminating an employee', () => {
  it('sends the last day employed, today unless changed, and closes', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: `${PAYROLL}employees/e-1/terminate/`,
        reply: () => ({ body: { data: { id: 'e-1' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TerminateEmployeeModal workspaceId={WS} employee={employee()} onClose={onClose} />,
    );

    await user.click(screen.getByRole('button', { name: 'Terminate' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ end_date: todayIso() });
  });

  it('shows the server’s refusal of the date on the field and stays open', async () => {
    stubApi([
      {
        method: 'POST',
        path: `${PAYROLL}employees/e-1/terminate/`,
        reply: () => ({
          status: 400,
          body: { end_date: ['The end date 2024-12-31 is before the start date 2025-01-01.'] },
        }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TerminateEmployeeModal workspaceId={WS} employee={employee()} onClose={onClose} />,
    );

    await user.click(screen.getByRole('button', { name: 'Terminate' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/Last day employed/)).toHaveAccessibleDescription(
        'The end date 2024-12-31 is before the start date 2025-01-01.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
