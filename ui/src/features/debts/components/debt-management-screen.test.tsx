import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { closePermissionDialog } from '@/components/permissions/permission-dialog-store';
import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { ROLES, sessionRoutes } from '@/testing/session-routes';
import { renderWithProviders } from '@/testing/test-utils';

import { DebtManagementScreen } from './debt-management-screen';
import { DEBTS, debt, debtRoutes } from './debt-test-routes';

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

function renderScreen(routes: ApiRoute[], route = '/accounting/financial-reports/financial-debt') {
  const stub = stubApi(routes);
  renderWithProviders(<DebtManagementScreen />, { route });
  return stub;
}

describe('debt management permissions', () => {
  it('shows a Viewer the debts, the schedule and the repayments without Add debt, Edit or Repay', async () => {
    renderScreen(
      [...sessionRoutes(ROLES.viewer), ...debtRoutes({ debts: [debt()] })],
      '/accounting/financial-reports/financial-debt?debt=d-1',
    );

    const detail = await screen.findByTestId('debt-detail');
    expect(within(detail).getByText('Zenith Bank')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Repayment schedule table' });
    for (const name of ['Add debt', 'Edit', 'Repay']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('gives an Admin Add debt, Edit and Repay', async () => {
    renderScreen(
      [...sessionRoutes(ROLES.admin), ...debtRoutes({ debts: [debt()] })],
      '/accounting/financial-reports/financial-debt?debt=d-1',
    );

    await screen.findByTestId('debt-detail');
    for (const name of ['Add debt', 'Edit', 'Repay']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe('debt management empty state', () => {
  it('leads an Admin with no debts to add the first one', async () => {
    const user = userEvent.setup();
    renderScreen([...sessionRoutes(ROLES.admin), ...debtRoutes()]);

    expect(await screen.findByText('Add your first debt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add debt' }));

    expect(await screen.findByRole('form', { name: 'Debt' })).toBeInTheDocument();
  });

  it('tells a Viewer with no debts that there are none, with nothing to click', async () => {
    renderScreen([...sessionRoutes(ROLES.viewer), ...debtRoutes()]);

    expect(await screen.findByText('Add your first debt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add debt' })).toBeNull();
  });

  it('asks the server for the chosen direction and says when no debt matches', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen([
      ...sessionRoutes(ROLES.admin),
      {
        method: 'GET',
        path: DEBTS,
        reply: (request) => ({
          body: {
            data: {
              data: request.query.get('direction') === 'receivable' ? [] : [debt()],
              count: request.query.get('direction') === 'receivable' ? 0 : 1,
              page: 1,
              page_size: 100,
              total_pages: 1,
            },
          },
        }),
      },
      ...debtRoutes(),
    ]);

    await screen.findByRole('region', { name: 'Debts table' });
    await user.click(screen.getByRole('textbox', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Receivable' }));

    await waitFor(() =>
      expect(requests.some((r) => r.query.get('direction') === 'receivable')).toBe(true),
    );
    expect(await screen.findByText('No debt matches these filters.')).toBeInTheDocument();
    expect(screen.queryByText('Add your first debt')).toBeNull();
  });
});
