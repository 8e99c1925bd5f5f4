import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, pageOf, type RecordedRequest } from '@/testing/api-stub';
import { LocationProbe, renderWithProviders } from '@/testing/test-utils';

import type { Notification } from '../api/get-notifications';
import { BELL_LIST_HEIGHT_MAX, BELL_POPOVER_WIDTH_PX, NotificationBell } from './notification-bell';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

type WireNotification = Omit<Notification, 'severity'> & { severity: string };

function note(id: string, read: boolean, extra: Partial<WireNotification> = {}): WireNotification {
  return {
    id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    created_datetime: '2026-03-03T14:05:00Z',
    read,
    severity: 'info',
    sent: true,
    ...extra,
  };
}

function isUnreadQuery(r: RecordedRequest) {
  return r.query.get('read') === 'false';
}

function stubNotifications(all: WireNotification[]) {
  const store = new Map(all.map((n) => [n.id, { ...n }]));
  return stubApi([
    {
      method: 'GET',
      path: '/notification/',
      reply: (r) => {
        const items = [...store.values()];
        return { body: pageOf(isUnreadQuery(r) ? items.filter((n) => !n.read) : items) };
      },
    },
    {
      method: 'PATCH',
      path: /^\/notification\/[^/]+\/$/,
      reply: (r) => {
        const id = r.path.split('/')[2] ?? '';
        const item = store.get(id);
        if (item) item.read = true;
        return { body: { data: item } };
      },
    },
  ]);
}

function renderBell() {
  return renderWithProviders(
    <>
      <NotificationBell />
      <LocationProbe />
    </>,
    { route: '/dashboard' },
  );
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notification bell (spec §2, §4)', () => {
  it('shows a dot, not a count, labelled Unread notifications when unread notifications exist', async () => {
    stubNotifications([note('1', false), note('2', false), note('3', true)]);
    renderBell();
    const dot = await screen.findByRole('img', { name: 'Unread notifications' });
    expect(dot).toHaveAttribute('data-testid', 'notification-dot');
    expect(dot).toBeEmptyDOMElement();
    expect(dot.parentElement).not.toHaveTextContent(/\d/);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows no dot when every notification is read', async () => {
    const { requests } = stubNotifications([note('1', true)]);
    renderBell();
    await waitFor(() => expect(requests.some(isUnreadQuery)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('img', { name: 'Unread notifications' })).toBeNull();
    expect(screen.queryByTestId('notification-dot')).toBeNull();
  });

  it('asks for the unread list with read=false', async () => {
    const { requests } = stubNotifications([]);
    renderBell();
    await waitFor(() => expect(requests.some(isUnreadQuery)).toBe(true));
  });

  it('opens a 300 px popover with the All tab selected by default', async () => {
    stubNotifications([note('1', false)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    const popover = await screen.findByTestId('notification-popover');
    expect(BELL_POPOVER_WIDTH_PX).toBe(300);
    expect(popover).toHaveStyle({ width: '300px' });
    expect(within(popover).getByRole('tab', { name: 'All' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(popover).getByRole('tab', { name: 'Unread' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('asks for page 1 of the all list', async () => {
    const { requests } = stubNotifications([note('1', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Title 1');
    const allList = requests.find(
      (r) => r.method === 'GET' && r.path === '/notification/' && !r.query.has('read'),
    );
    expect(allList?.query.get('page')).toBe('1');
  });

  it('limits the list to 70% of the viewport height', async () => {
    stubNotifications([note('1', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Title 1');
    expect(BELL_LIST_HEIGHT_MAX).toBe('70vh');
    expect(screen.getByTestId('bell-list')).toHaveStyle({ maxHeight: '70vh' });
  });

  it('shows each item with title, message, date and time, and a dot if unread', async () => {
    stubNotifications([note('1', false), note('2', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('Title 1')).toBeInTheDocument();
    expect(first.getByText('Message 1')).toBeInTheDocument();
    expect(first.getByText(/2026/).tagName).toBe('TIME');
    expect(first.getByText(/\d{2}:\d{2}/)).toBeInTheDocument();
    expect(first.getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(items[1]!).queryByTestId('unread-dot')).toBeNull();
  });

  it('the Unread tab lists only unread items', async () => {
    stubNotifications([note('1', false), note('2', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await userEvent.click(await screen.findByRole('tab', { name: 'Unread' }));
    const list = await screen.findByRole('list', { name: 'Unread notifications' });
    expect(within(list).getByText('Title 1')).toBeInTheDocument();
    expect(within(list).queryByText('Title 2')).toBeNull();
  });

  it('an empty list shows the two spec texts and no View all notifications link', async () => {
    stubNotifications([]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('You have no recent notifications')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Don't worry, you'll receive notifications here as you use the product and manage your financial data",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View all notifications' })).toBeNull();
  });

  it('View all notifications goes to /notifications and closes the popover', async () => {
    stubNotifications([note('1', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await userEvent.click(await screen.findByRole('link', { name: 'View all notifications' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
    await waitFor(() => expect(screen.queryByTestId('notification-popover')).toBeNull());
  });

  it('mark all as read PATCHes read:true on every unread item, then refreshes the unread list and the current page', async () => {
    const { requests } = stubNotifications([note('1', false), note('2', false), note('3', true)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Title 1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled(),
    );
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    const after = requests.slice(before);
    const patches = after.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path).sort()).toEqual(['/notification/1/', '/notification/2/']);
    expect(patches.every((r) => JSON.stringify(r.body) === '{"read":true}')).toBe(true);
    const lastPatch = after.lastIndexOf(patches[patches.length - 1]!);
    const refetches = after.slice(lastPatch + 1).filter((r) => r.method === 'GET');
    expect(refetches.some(isUnreadQuery)).toBe(true);
    expect(refetches.some((r) => !r.query.has('read') && r.query.get('page') === '1')).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Unread notifications' })).toBeNull(),
    );
  });

  it('a failure while marking all read goes to the generic handler', async () => {
    const { notify } = await import('@/lib/notify');
    stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: () => ({ body: pageOf([note('1', false)]) }),
      },
      { method: 'PATCH', path: /^\/notification\//, reply: () => ({ status: 500, body: {} }) },
    ]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Title 1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Something went wrong. Please try again later.'),
    );
  });

  it('clicking an unread item marks it read', async () => {
    const { requests } = stubNotifications([note('7', false)]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await userEvent.click(await screen.findByRole('button', { name: 'Title 7: mark as read' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PATCH' && r.path === '/notification/7/')).toBe(
        true,
      ),
    );
  });

  it('the all list pages by page N, and mark all as read refreshes the current page', async () => {
    const state = { read: false };
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: (r) => {
          if (isUnreadQuery(r)) return { body: pageOf(state.read ? [] : [note('u', false)]) };
          const page = Number(r.query.get('page'));
          return {
            body: pageOf([note(`p${page}`, page === 2 ? state.read : true)], {
              page,
              pageSize: 20,
              count: 40,
            }),
          };
        },
      },
      {
        method: 'PATCH',
        path: /^\/notification\//,
        reply: () => {
          state.read = true;
          return { body: { data: {} } };
        },
      },
    ]);
    renderBell();
    await userEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Title p1');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Title p2')).toBeInTheDocument();
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled(),
    );
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(
        requests
          .slice(before)
          .some((r) => r.method === 'GET' && !r.query.has('read') && r.query.get('page') === '2'),
      ).toBe(true),
    );
  });

  it('opening the popover asks for the unread list again', async () => {
    const { requests } = stubNotifications([note('1', false)]);
    renderBell();
    await screen.findByRole('img', { name: 'Unread notifications' });
    const before = requests.filter(isUnreadQuery).length;
    await userEvent.click(screen.getByTestId('notification-bell'));
    await waitFor(() => expect(requests.filter(isUnreadQuery).length).toBeGreaterThan(before));
  });
});
