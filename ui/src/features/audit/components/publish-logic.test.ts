import { describe, expect, it } from 'vitest';

import { ROLE } from '@/lib/permissions';

import { canPublishSession } from './publish-logic';

const mine = { opened_by: 'user-1' };
const theirs = { opened_by: 'user-2' };

describe('canPublishSession', () => {
  it('lets an Admin publish any session', () => {
    expect(canPublishSession({ role: ROLE.admin, plan: 'professional' }, theirs, 'user-1')).toBe(
      true,
    );
  });

  it('lets an Editor publish only a session they opened', () => {
    const editor = { role: ROLE.editor, plan: 'professional' } as const;
    expect(canPublishSession(editor, mine, 'user-1')).toBe(true);
    expect(canPublishSession(editor, theirs, 'user-1')).toBe(false);
  });

  it('never lets a Viewer publish, even a session they opened', () => {
    expect(canPublishSession({ role: ROLE.viewer, plan: 'professional' }, mine, 'user-1')).toBe(
      false,
    );
  });

  it('refuses when the signed-in user is not known yet', () => {
    const editor = { role: ROLE.editor, plan: 'professional' } as const;
    expect(canPublishSession(editor, { opened_by: undefined }, undefined)).toBe(false);
  });

  it('refuses a non-member', () => {
    expect(canPublishSession({ role: null, plan: 'professional' }, mine, 'user-1')).toBe(false);
  });
});
