import { describe, expect, it } from 'vitest';

import { parseEvents, refreshesLists } from './notification-stream';

describe('parseEvents', () => {
  it('splits named events and keeps an incomplete one for the next chunk', () => {
    const { events, rest } = parseEvents(
      'event: unread\ndata: {"unread_count":0}\n\nevent: notification\ndata: {"unr',
    );
    expect(events).toEqual([{ event: 'unread', data: '{"unread_count":0}' }]);
    expect(rest).toBe('event: notification\ndata: {"unr');
  });

  it('ignores keep-alive comments', () => {
    expect(parseEvents(':\n\n').events).toEqual([]);
  });

  it('joins multi-line data and accepts CRLF line ends', () => {
    const { events } = parseEvents('event: resync\r\ndata: a\r\ndata: b\r\n\r\n');
    expect(events).toEqual([{ event: 'resync', data: 'a\nb' }]);
  });
});

describe('which events ask for the notification lists again', () => {
  const unread = (count: number) => ({ event: 'unread', data: `{"unread_count":${count}}` });
  const opening = { opening: true, unreadListed: 3 };

  it('leaves the list the layout just read when the stream opens counting the same', () => {
    expect(refreshesLists(unread(3), opening)).toBe(false);
  });

  it('asks again when the stream opens counting otherwise', () => {
    expect(refreshesLists(unread(4), opening)).toBe(true);
  });

  it('asks when no unread list was read yet', () => {
    expect(refreshesLists(unread(3), { opening: true, unreadListed: undefined })).toBe(true);
  });

  it('asks on every event after a reconnect, when changes may have been missed', () => {
    expect(refreshesLists(unread(3), { opening: false, unreadListed: 3 })).toBe(true);
  });

  it('asks on every change and every resync', () => {
    expect(refreshesLists({ event: 'notification', data: '{}' }, opening)).toBe(true);
    expect(refreshesLists({ event: 'resync', data: '{}' }, opening)).toBe(true);
  });

  it('asks when the opening count cannot be read', () => {
    expect(refreshesLists({ event: 'unread', data: 'not json' }, opening)).toBe(true);
  });

  it('ignores events it does not know', () => {
    expect(refreshesLists({ event: 'message', data: '' }, opening)).toBe(false);
  });
});
