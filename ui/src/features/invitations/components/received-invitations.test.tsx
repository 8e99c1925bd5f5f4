import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '@/lib/notify';
import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { grantText, type ReceivedInvitation } from '../api/received-invitations';
import { ReceivedInvitations } from './received-invitations';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const RECEIVED = '/accounts/organizations/invitations/received/';

const invitation: ReceivedInvitation = {
  id: 'inv-1',
  organization_id: 'org-9',
  organization_name: 'Demo Trading Ltd',
  role: 1,
  role_display: 'Editor',
  workspaces: ['Lagos Office', 'Abuja Branch'],
  invited_by: 'Ada Obi',
  created_datetime: '2026-11-20T09:00:00Z',
  expires_at: '2026-11-27T09:00:00Z',
};

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  vi.mocked(notify.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('grantText', () => {
  it('says the role and the workspaces accepting grants', () => {
    expect(grantText(invitation)).toBe('Editor in Lagos Office and Abuja Branch');
    expect(grantText({ ...invitation, workspaces: ['Lagos Office'] })).toBe(
      'Editor in Lagos Office',
    );
  });
});

describe('the invitations waiting for an answer', () => {
  it('lists who invited, to what, and until when', async () => {
    stubApi([{ method: 'GET', path: RECEIVED, reply: () => ({ body: { data: [invitation] } }) }]);
    renderWithProviders(<ReceivedInvitations />);

    expect(await screen.findByText('Demo Trading Ltd')).toBeInTheDocument();
    expect(screen.getByText('Editor in Lagos Office and Abuja Branch')).toBeInTheDocument();
    expect(screen.getByText(/Invited by Ada Obi; open until 27 Nov 2026/)).toBeInTheDocument();
  });

  it('accepts through the in-app route and says which organization was joined', async () => {
    let answered = false;
    const { requests } = stubApi([
      {
        method: 'GET',
        path: RECEIVED,
        reply: () => ({ body: { data: answered ? [] : [invitation] } }),
      },
      {
        method: 'POST',
        path: `${RECEIVED}inv-1/accept/`,
        reply: () => {
          answered = true;
          return { body: { data: { organization_id: 'org-9', invitation_id: 'inv-1' } } };
        },
      },
      { method: 'GET', path: '/accounts/me/workspaces/', reply: () => ({ body: { data: [] } }) },
    ]);
    renderWithProviders(<ReceivedInvitations />);

    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('You joined Demo Trading Ltd.'),
    );
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/accept/'))).toBe(true);
    expect(
      await screen.findByText('No invitation is waiting for your answer.'),
    ).toBeInTheDocument();
  });

  it('declines through the in-app route', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: RECEIVED, reply: () => ({ body: { data: [invitation] } }) },
      {
        method: 'POST',
        path: `${RECEIVED}inv-1/decline/`,
        reply: () => ({ body: { data: { invitation_id: 'inv-1', status: 3 } } }),
      },
    ]);
    renderWithProviders(<ReceivedInvitations />);

    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'You declined the invitation to Demo Trading Ltd.',
      ),
    );
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/decline/'))).toBe(true);
  });
});
