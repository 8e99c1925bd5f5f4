import { describe, expect, it } from 'vitest';

import { currentPlanId, type LatestSubscription } from './billing';

const subscription = (planId: string): LatestSubscription['subscription'] => ({
  id: 'sub-1',
  plan: { id: planId, name: planId },
  status: 'active',
});

describe('currentPlanId', () => {
  it('is the subscribed plan when there is a subscription', () => {
    expect(
      currentPlanId({
        subscription: subscription('enterprise'),
        effectivePlan: { id: 'enterprise', name: 'Enterprise' },
      }),
    ).toBe('enterprise');
  });

  it('is the plan the server applies when the organization has no subscription', () => {
    expect(
      currentPlanId({
        subscription: null,
        effectivePlan: { id: 'professional', name: 'Professional' },
      }),
    ).toBe('professional');
  });

  it('is unknown while nothing has been read', () => {
    expect(currentPlanId(undefined)).toBeNull();
  });
});
