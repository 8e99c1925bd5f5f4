import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { pageOf, stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { NOTIFICATION_PAGE_SIZE } from '../api/get-notifications';
import { NotificationsPage } from './notifications-page';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

function note(id: string, read: boolean, severity = 'info') {
  return {
    id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    created_datetime: '2026-03-03T14:05:00Z',
    read,
    severity,
    sent: true,
  };
}

beforeEach(() => window.localStorage.setItem('token', 't'));
afterEach(() => vi.unstubAllGlobals());

describe('the notifications page (spec §2, §7)', () => {
  it('lists page 1 of all notifications with the page size', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/notification/', reply: () => ({ body: pageOf([note('1', true)]) }) },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText('Title 1')).toBeInTheDocument();
    const list = requests.find((r) => !r.query.has('read'));
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('page_size')).toBe(String(NOTIFICATION_PAGE_SIZE));
  });

  it('shows each severity (info, success, warning, error) with its own colour and icon', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: () => ({
          body: pageOf([
            note('1', true, 'info'),
            note('2', true, 'success'),
            note('3', true, 'warning'),
            note('4', true, 'error'),
          ]),
        }),
      },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText('Title 4');
    for (const label of ['Information', 'Success', 'Warning', 'Error']) {
      expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    }
    const colours = screen.getAllByRole('img').map((icon) => icon.getAttribute('data-severity'));
    expect(colours).toEqual(['info', 'success', 'warning', 'error']);
  });

  it('an unknown severity is drawn as info', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: () => ({ body: pageOf([note('1', true, 'odd')]) }),
      },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByRole('img', { name: 'Information' })).toBeInTheDocument();
  });

  it('paginates by page: choosing page 2 asks for page=2', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: (r) => ({
          body: pageOf([note(`p${r.query.get('page') ?? '1'}`, true)], {
            page: Number(r.query.get('page') ?? '1'),
            count: NOTIFICATION_PAGE_SIZE * 2,
            pageSize: NOTIFICATION_PAGE_SIZE,
          }),
        }),
      },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText('Title p1');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Title p2')).toBeInTheDocument();
    expect(requests.some((r) => r.query.get('page') === '2')).toBe(true);
  });

  it('the Unread filter asks with read=false', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/notification/', reply: () => ({ body: pageOf([]) }) },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications?filter=unread' });
    await screen.findByText('You have no recent notifications');
    expect(requests.every((r) => r.query.get('read') === 'false')).toBe(true);
  });

  it('mark read PATCHes {read: true} on that notification', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: () => ({ body: pageOf([note('5', false)]) }),
      },
      {
        method: 'PATCH',
        path: '/notification/5/',
        reply: () => ({ body: { data: note('5', true) } }),
      },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Title 5 as read' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ read: true }),
    );
  });

  it('delete sends DELETE /notification/{id}/ and shows a Success toast', async () => {
    const { notify } = await import('@/lib/notify');
    let items = [note('9', true)];
    const { requests } = stubApi([
      { method: 'GET', path: '/notification/', reply: () => ({ body: pageOf(items) }) },
      {
        method: 'DELETE',
        path: '/notification/9/',
        reply: () => {
          items = [];
          return { status: 204 };
        },
      },
    ]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Title 9' }));
    await screen.findByText('You have no recent notifications');
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/notification/9/')).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Notification deleted');
  });

  it('a list that fails to load says so and offers to try again', async () => {
    stubApi([{ method: 'GET', path: '/notification/', reply: () => ({ status: 500, body: {} }) }]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
