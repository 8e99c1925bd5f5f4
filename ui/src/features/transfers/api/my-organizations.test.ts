import { describe, expect, it } from 'vitest';

import { resolveTarget } from './my-organizations';

const mine = [{ id: 'org-2', name: 'Bola Holdings', slug: 'bola-holdings' }];

describe('resolveTarget', () => {
  it("names one of the user's organizations by its slug", () => {
    expect(resolveTarget(' bola-holdings ', mine)).toBe('org-2');
  });

  it('takes an organization ID as its Admin shared it', () => {
    expect(resolveTarget('0194F2A0-1B2C-7D3E-8F40-123456789ABC', mine)).toBe(
      '0194f2a0-1b2c-7d3e-8f40-123456789abc',
    );
  });

  it('names nothing for an unknown slug or an empty field', () => {
    expect(resolveTarget('someone-else', mine)).toBeNull();
    expect(resolveTarget('  ', mine)).toBeNull();
  });
});
