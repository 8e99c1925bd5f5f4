import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { CurrentPlanCard } from './current-plan-card';

const LATEST = '/payments/payments/subcription/organization-subscription/latest/';

const latest = (
  data: unknown,
  effective = { id: 'professional', name: 'Professional' },
): ApiRoute => ({
  method: 'GET',
  path: LATEST,
  reply: () => ({ body: { data, effective_plan: effective } }),
});

const enterprise = {
  id: 's-1',
  organization_id: 'org-1',
  plan: { id: 'enterprise', name: 'Enterprise' },
  status: 'active',
  starts_at: '2026-11-23T10:00:00Z',
  ends_at: '2026-12-23T10:00:00Z',
  tx_ref: 'LL-1',
  cancelled_at: null,
  created_datetime: '2026-11-23T10:00:00Z',
};

beforeEach(() => window.localStorage.setItem('token', 't'));
afterEach(() => vi.unstubAllGlobals());

describe('the current plan card', () => {
  it('without a subscription names the default plan', async () => {
    stubApi([latest(null)]);
    renderWithProviders(<CurrentPlanCard organizationId="org-1" canManage />);
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Professional (default)');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('shows the plan in force, its status and its end, and asks for the organization', async () => {
    const { requests } = stubApi([latest(enterprise, { id: 'enterprise', name: 'Enterprise' })]);
    renderWithProviders(<CurrentPlanCard organizationId="org-1" canManage />);
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Enterprise');
    expect(screen.getByTestId('current-plan-status')).toHaveTextContent('active');
    expect(screen.getByText(/Paid until 23 Dec 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(requests[0]?.query.get('organization_id')).toBe('org-1');
  });

  it('offers Cancel only to those who manage billing', async () => {
    stubApi([latest(enterprise, { id: 'enterprise', name: 'Enterprise' })]);
    renderWithProviders(<CurrentPlanCard organizationId="org-1" canManage={false} />);
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Enterprise');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
