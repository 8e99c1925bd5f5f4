import { describe, expect, it } from 'vitest';

import { resolveTarget } from './my-organizations';

const mine = [{ id: 'org-2', name: 'Bola Holdings', slug: 'bola-holdings' }];

describe('resolveTarget', () => {
  it("names one of the user's organizations by its slug", () => {
    expect(resolveTarget(' bola-holdings ', mine)).toBe('org-2');
  });

  it("leaves another organization's slug, an Admin's e-mail or an id to the server", () => {
    expect(resolveTarget(' chidi-stores ', mine)).toBe('chidi-stores');
    expect(resolveTarget('chidi@stores.ng', mine)).toBe('chidi@stores.ng');
    expect(resolveTarget('0194f2a0-1b2c-7d3e-8f40-123456789abc', mine)).toBe(
      '0194f2a0-1b2c-7d3e-8f40-123456789abc',
    );
  });

  it('names nothing for an empty field', () => {
    expect(resolveTarget('  ', mine)).toBeNull();
  });
});
