import { describe, expect, it } from 'vitest';

import { WELCOME_DELAY_MS, shouldOfferWelcome } from './welcome';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('the welcome dialog (spec §2)', () => {
  it('opens 1000 ms after load', () => {
    expect(WELCOME_DELAY_MS).toBe(1000);
  });

  it('is offered to a user who joined an hour ago and has not seen it', () => {
    expect(
      shouldOfferWelcome({ dateJoined: '2026-03-10T11:00:00Z', nowMs: NOW, alreadyShown: false }),
    ).toBe(true);
  });

  it('is offered to a user who joined exactly 2 days ago', () => {
    expect(
      shouldOfferWelcome({ dateJoined: '2026-03-08T12:00:00Z', nowMs: NOW, alreadyShown: false }),
    ).toBe(true);
  });

  it('is not offered to a user who joined more than 2 days ago', () => {
    expect(
      shouldOfferWelcome({ dateJoined: '2026-03-08T11:59:00Z', nowMs: NOW, alreadyShown: false }),
    ).toBe(false);
  });

  it('is not offered again once it was shown', () => {
    expect(
      shouldOfferWelcome({ dateJoined: '2026-03-10T11:00:00Z', nowMs: NOW, alreadyShown: true }),
    ).toBe(false);
  });

  it('is not offered when the join date is unknown', () => {
    expect(shouldOfferWelcome({ dateJoined: null, nowMs: NOW, alreadyShown: false })).toBe(false);
  });
});
