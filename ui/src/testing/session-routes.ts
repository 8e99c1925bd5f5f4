/**
 * The signed-in session as component tests stub it: the current user as a member of
 * workspace `ws-1` (organization `org-1`, base currency NGN) in a role, on the
 * Professional plan.
 */
import type { ApiRoute } from '@/testing/api-stub';

const WS = 'ws-1';

export const ROLES = { viewer: 0, editor: 1, admin: 2 } as const;

/** The current user as a member of `WS` with `role`, on the Professional plan. */
export function sessionRoutes(role: number): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/accounts/me/',
      reply: () => ({
        body: {
          data: {
            first_name: 'Ada',
            last_name: 'Okafor',
            email: 'ada@example.com',
            memberships: [{ id: 'm-1', organization_id: 'org-1', role, workspaces: [WS] }],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan: 'professional' } } }),
    },
    {
      method: 'GET',
      path: '/accounts/me/workspaces/',
      reply: () => ({
        body: {
          data: [
            {
              id: WS,
              organization_id: 'org-1',
              name: 'Acme Nigeria Ltd',
              role,
              role_display: 'Admin',
              latest: true,
              is_invited: false,
              image: null,
            },
          ],
        },
      }),
    },
    {
      method: 'GET',
      path: /^\/accounts\/organizations\/org-1\/workspaces\/ws-1\/$/,
      reply: () => ({ body: { data: { base_currency: 'NGN' } } }),
    },
  ];
}
