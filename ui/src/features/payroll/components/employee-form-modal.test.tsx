import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { EmployeeFormModal } from './employee-form-modal';
import { PAYROLL, WS, employee } from './payroll-test-routes';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Ngozi');
  await user.type(screen.getByLabelText(/Last name/), 'Obi');
  await user.type(screen.getByLabelText(/Start date/), '01/02/2026');
  await user.type(screen.getByLabelText(/Basic/), '1,500,000');
}

describe('the employee form', () => {
  it('puts each of the server’s field errors on its field, an allowance row’s too, and stays open', async () => {
    stubApi([
      {
        method: 'POST',
        path: `${PAYROLL}employees/`,
        reply: () => ({
          status: 400,
          body: {
            email: ['Enter an e-mail address like name@example.com.'],
            'other_allowances[0].amount': ['Enter an amount of at most two decimals.'],
          },
        }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EmployeeFormModal opened onClose={onClose} workspaceId={WS} employee={null} />,
    );

    await fillRequired(user);
    await user.type(screen.getByLabelText('Email'), 'ngozi@example');
    await user.click(screen.getByRole('button', { name: 'Add allowance' }));
    await user.type(screen.getByLabelText('Allowance 1 name'), 'Utility');
    await user.type(screen.getByLabelText('Allowance 1 amount'), '120000');
    await user.click(screen.getByRole('button', { name: 'Add employee' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Enter an e-mail address like name@example.com.',
      ),
    );
    expect(screen.getByLabelText('Allowance 1 amount')).toHaveAccessibleDescription(
      'Enter an amount of at most two decimals.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends annual pay as decimal strings and closes once hired', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: `${PAYROLL}employees/`,
        reply: () => ({ status: 201, body: { data: { id: 'e-9' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EmployeeFormModal opened onClose={onClose} workspaceId={WS} employee={null} />,
    );

    await fillRequired(user);
    await user.type(screen.getByLabelText('Housing'), '900000');
    await user.click(screen.getByRole('button', { name: 'Add employee' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Obi',
      start_date: '2026-02-01',
      basic: '1500000.00',
      housing: '900000.00',
      transport: '0.00',
      annual_rent: '0.00',
      nhf: true,
      other_allowances: [],
      other_deductions: [],
    });
  });

  it('refuses an amount that is not money before asking the server', async () => {
    const { requests } = stubApi([]);
    const user = userEvent.setup();
    renderWithProviders(
      <EmployeeFormModal opened onClose={vi.fn()} workspaceId={WS} employee={null} />,
    );

    await fillRequired(user);
    await user.type(screen.getByLabelText('Transport'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Add employee' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Transport')).toHaveAccessibleDescription(
        'Enter an amount such as 1,500,000 or 1500000.00',
      ),
    );
    expect(requests).toEqual([]);
  });

  it('edits an employee with a PATCH of the whole record', async () => {
    const { requests } = stubApi([
      {
        method: 'PATCH',
        path: `${PAYROLL}employees/e-1/`,
        reply: () => ({ body: { data: { id: 'e-1' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EmployeeFormModal opened onClose={onClose} workspaceId={WS} employee={employee()} />,
    );

    expect(screen.getByLabelText(/Basic/)).toHaveValue('1,500,000.00');
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Finance manager');
    await user.click(screen.getByRole('button', { name: 'Save employee' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      job_title: 'Finance manager',
      basic: '1500000.00',
      annual_rent: '1200000.00',
    });
  });
});
