import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PermissionModals } from '@/components/permissions/permission-modals';
import { closePermissionDialog } from '@/components/permissions/permission-dialog-store';
import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PayrollScreen } from './payroll-screen';
import { PAYROLL, ROLES, employee, payrollRoutes, run, sessionRoutes } from './payroll-test-routes';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  window.localStorage.setItem('activeOrgId', 'org-1');
});

afterEach(() => {
  closePermissionDialog();
  vi.unstubAllGlobals();
});

function renderScreen(routes: ApiRoute[], route = '/accounting/payroll') {
  const stub = stubApi(routes);
  renderWithProviders(
    <>
      <PayrollScreen />
      <PermissionModals />
    </>,
    { route },
  );
  return stub;
}

const writes = <R extends { method: string }>(requests: R[]) =>
  requests.filter((r) => r.method !== 'GET');

describe('payroll permissions', () => {
  it('refuses a Viewer the page with the Role Restriction modal and reads nothing of payroll', async () => {
    const { requests } = renderScreen([...sessionRoutes(ROLES.viewer), ...payrollRoutes()]);

    expect(await screen.findByTestId('payroll-refused')).toHaveTextContent(
      'Insufficient role permissions to access this feature.',
    );
    const modal = await screen.findByRole('dialog', { name: 'Role Restriction' });
    expect(within(modal).getByRole('button', { name: 'Contact Admin' })).toBeDisabled();
    expect(requests.some((r) => r.path.startsWith(PAYROLL))).toBe(false);
  });

  it('lets an Editor read a run without Approve, Post or Reverse', async () => {
    renderScreen(
      [
        ...sessionRoutes(ROLES.editor),
        ...payrollRoutes({ employees: [employee()], runs: [run()] }),
      ],
      '/accounting/payroll?run=run-1',
    );

    expect(await screen.findByText('January 2026 pay run')).toBeInTheDocument();
    for (const name of ['Approve', 'Post to books', 'Reverse', 'Cancel run']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('shows an Editor the Role Restriction modal for Start pay run and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen([
      ...sessionRoutes(ROLES.editor),
      ...payrollRoutes({ employees: [employee()] }),
    ]);

    await user.click(await screen.findByRole('button', { name: 'Start pay run' }));

    expect(await screen.findByRole('dialog', { name: 'Role Restriction' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Start a pay run' })).toBeNull();
    expect(writes(requests)).toEqual([]);
  });

  it('lets an Admin approve a draft run', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen(
      [
        ...sessionRoutes(ROLES.admin),
        ...payrollRoutes({ employees: [employee()], runs: [run()] }),
        {
          method: 'POST',
          path: `${PAYROLL}pay-runs/run-1/approve/`,
          reply: () => ({
            body: {
              data: { id: 'run-1', period: '2026-01', status: 'approved', journal_entry_id: null },
            },
          }),
        },
      ],
      '/accounting/payroll?run=run-1',
    );

    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(writes(requests).map((r) => r.path)).toEqual([`${PAYROLL}pay-runs/run-1/approve/`]),
    );
  });
});

describe('payroll empty states', () => {
  it('leads an Admin with nobody on the payroll to add the first employee', async () => {
    const user = userEvent.setup();
    renderScreen([...sessionRoutes(ROLES.admin), ...payrollRoutes()]);

    expect(await screen.findByText('Add your first employee')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add employee' }));

    expect(await screen.findByRole('form', { name: 'Add employee' })).toBeInTheDocument();
  });

  it('leads to the first pay run once there are employees', async () => {
    const user = userEvent.setup();
    renderScreen([...sessionRoutes(ROLES.admin), ...payrollRoutes({ employees: [employee()] })]);

    expect(await screen.findByText('Run your first payroll')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start pay run' }));

    expect(await screen.findByRole('dialog', { name: 'Start a pay run' })).toBeInTheDocument();
  });
});

describe('a pay run', () => {
  it('shows the server’s totals: gross, deductions, net pay and employer cost', async () => {
    renderScreen(
      [...sessionRoutes(ROLES.admin), ...payrollRoutes({ employees: [employee()], runs: [run()] })],
      '/accounting/payroll?run=run-1',
    );

    expect(await screen.findByTestId('run-gross')).toHaveTextContent('₦500,000.00');
    // 40,000.00 pension + 6,250.00 NHF + 42,062.50 PAYE, added in exact cents.
    expect(screen.getByTestId('run-deductions')).toHaveTextContent('₦88,312.50');
    expect(screen.getByTestId('run-net')).toHaveTextContent('₦411,687.50');
    expect(screen.getByTestId('run-employer-cost')).toHaveTextContent('₦560,000.00');
  });

  it('links a posted run to its journal entry and offers only Reverse', async () => {
    renderScreen(
      [
        ...sessionRoutes(ROLES.admin),
        ...payrollRoutes({ employees: [employee()], runs: [run('posted')] }),
      ],
      '/accounting/payroll?run=run-1',
    );

    expect(await screen.findByRole('link', { name: 'Journal entry' })).toHaveAttribute(
      'href',
      '/accounting/journal-entry?entry=je-1',
    );
    expect(screen.getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post to books' })).toBeNull();
  });
});
