import { describe, expect, it } from 'vitest';

import { pendingFor, type Invitation } from './pending-invitations';

function invitation(id: string, status: number, workspaces: string[]): Invitation {
  return {
    id,
    kind: 'email',
    email: `${id}@example.com`,
    role: 1,
    role_display: 'Editor',
    workspaces,
    status,
    expires_at: '2026-12-01T00:00:00Z',
    created_datetime: '2026-11-01T00:00:00Z',
    uses: 0,
  };
}

describe('pending invitations of a workspace', () => {
  it('keeps only pending ones that cover the workspace', () => {
    const listed = [
      invitation('a', 1, ['ws-1']),
      invitation('b', 2, ['ws-1']),
      invitation('c', 1, ['ws-2']),
      invitation('d', 5, ['ws-1']),
    ];
    expect(pendingFor(listed, 'ws-1').map((i) => i.id)).toEqual(['a']);
  });
});
