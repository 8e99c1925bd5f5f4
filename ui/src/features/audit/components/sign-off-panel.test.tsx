import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { AuditSession } from '../api/schemas';
import { SignOffPanel } from './sign-off-panel';

function sessionSignedOn(performerSignedOn: string): AuditSession {
  return {
    id: 'session-1',
    status: 'in_review',
    performer: { user_id: 'user-1', signed_on: performerSignedOn, conclusion: 'No exceptions.' },
    reviewer: { user_id: null, signed_on: null, conclusion: null },
  } as unknown as AuditSession;
}

describe('the sign-off panel', () => {
  it('says when a signature was given as a date in words', () => {
    renderWithProviders(<SignOffPanel session={sessionSignedOn('2026-11-26')} />);

    expect(screen.getByText('Performer · signed 26 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Reviewer · not signed')).toBeInTheDocument();
  });
});
