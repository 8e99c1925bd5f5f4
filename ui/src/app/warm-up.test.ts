import { afterEach, describe, expect, it, vi } from 'vitest';

import { appSources } from '@/testing/app-sources';

import { resetWarmUpForTests, warmSharedCode } from './warm-up';

const warmed = vi.hoisted(() => new Set<string>());
vi.mock('@/components/data-grid/data-grid', () => {
  warmed.add('grid');
  return {};
});
vi.mock('@/lib/charts', () => {
  warmed.add('charts');
  return {};
});

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

  it('loads the grid and the chart library by default', async () => {
    warmSharedCode(undefined, (work) => work());

    await vi.waitFor(() => expect([...warmed].sort()).toEqual(['charts', 'grid']));
  });

  it('is what every chart draws with: only lib/charts imports the chart library', () => {
    const importers = Object.entries(appSources)
      .filter(([, text]) => /from ['"]recharts['"]/.test(text))
      .map(([path]) => path);

    expect(Object.keys(appSources).length).toBeGreaterThan(50);
    expect(importers).toEqual(['/src/lib/charts.ts']);
  });
});
