import { describe, expect, it } from 'vitest';

import { parseEvents } from './notification-stream';

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
