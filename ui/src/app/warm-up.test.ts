import { afterEach, describe, expect, it, vi } from 'vitest';

import { resetWarmUpForTests, warmSharedCode } from './warm-up';

afterEach(resetWarmUpForTests);

describe('warming the shared screen code', () => {
  it('loads nothing until the browser has time for it', () => {
    const load = vi.fn(() => Promise.resolve());
    warmSharedCode([load], () => undefined);

    expect(load).not.toHaveBeenCalled();
  });

  it('loads the shared code once in idle time, however often it is asked', () => {
    const load = vi.fn(() => Promise.resolve());
    const idle: (() => void)[] = [];
    const schedule = (work: () => void) => idle.push(work);

    warmSharedCode([load], schedule);
    warmSharedCode([load], schedule);
    idle.forEach((work) => work());

    expect(idle).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed load to the screen that needs the code', async () => {
    const failed = Promise.reject(new Error('chunk gone'));
    const load = vi.fn(() => failed);

    warmSharedCode([load], (work) => work());

    await expect(failed).rejects.toThrow('chunk gone');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
