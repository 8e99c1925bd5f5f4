import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';

import { TOAST_AUTO_CLOSE_DEFAULT_MS, TOAST_POSITION, TOAST_WIDTH_MAX_PX, notify } from './notify';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('toasts (spec §2, §8, §9)', () => {
  it('a success toast is titled Success and closes after 3000 ms', () => {
    notify.success('Saved');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Success', message: 'Saved', autoClose: 3000 }),
    );
  });

  it('an error toast is titled Error and closes after 3000 ms', () => {
    notify.error('Nope');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', message: 'Nope', autoClose: 3000 }),
    );
  });

  it('a screen can ask for 5000 ms instead', () => {
    notify.success('Saved', { autoCloseMs: 5000 });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 5000 }));
  });

  it('toasts appear bottom-right, at most 300 px wide, closing after 5000 ms by default', () => {
    expect(TOAST_POSITION).toBe('bottom-right');
    expect(TOAST_WIDTH_MAX_PX).toBe(300);
    expect(TOAST_AUTO_CLOSE_DEFAULT_MS).toBe(5000);
  });
});
