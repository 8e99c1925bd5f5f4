import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, pageOf } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { NotificationBell } from './notification-bell';
import { NotificationStreamProvider } from './notification-stream-provider';

const UNREAD = {
  id: '1',
  title: 'Quarter close',
  message: 'Please review before Friday.',
  created_datetime: '2026-03-03T14:05:00Z',
  read: false,
  severity: 'info',
  sent: true,
};

/** A server whose stream sends `unread` and stays open; counts what is asked for. */
function stubServer() {
  const asked = { streams: 0, lists: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(href, 'http://localhost').pathname;
      if (path.endsWith('/notification/stream/')) {
        asked.streams += 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"count":1}\n\n'));
          },
        });
        return Promise.resolve(
          new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
        );
      }
      if (path.endsWith('/notification/')) {
        asked.lists += 1;
        return Promise.resolve(jsonResponse(200, pageOf([UNREAD])));
      }
      return Promise.resolve(jsonResponse(404, { detail: `no stub for ${path}` }));
    }),
  );
  return asked;
}

/** A screen of the layout: each draws its own header, and so its own bell. */
function layoutShowing(screenName: string) {
  return (
    <NotificationStreamProvider>
      <NotificationBell key={screenName} />
    </NotificationStreamProvider>
  );
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the layout’s live notification stream', () => {
  it('stays one stream while each screen draws its own bell, and a bell drawn again asks for nothing', async () => {
    const asked = stubServer();
    const { rerender } = renderWithProviders(layoutShowing('dashboard'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true'),
    );
    await screen.findByRole('img', { name: 'Unread notifications' });
    await new Promise((settled) => setTimeout(settled, 50));
    const listsAsked = asked.lists;

    rerender(layoutShowing('trial-balance'));
    rerender(layoutShowing('general-ledger'));

    expect(await screen.findByRole('img', { name: 'Unread notifications' })).toBeVisible();
    await new Promise((settled) => setTimeout(settled, 50));
    expect(asked.streams).toBe(1);
    expect(asked.lists).toBe(listsAsked);
  });

  it('leaves a bell outside the layout polling, never live', async () => {
    const asked = stubServer();
    renderWithProviders(<NotificationBell />);
    await screen.findByRole('img', { name: 'Unread notifications' });
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-live', 'false');
    expect(asked.streams).toBe(0);
  });
});
