import { stubApi } from '@/testing/api-stub';

import { concludeFinding, currentConclusions, listNotes, type FindingNote } from './findings';

afterEach(() => {
  vi.unstubAllGlobals();
});

function note(id: string, over: Partial<FindingNote>): FindingNote {
  return {
    id,
    target: { kind: 'entry', entry_id: 'e1' },
    kind: 'conclusion',
    conclusion: 'needs_follow_up',
    text: 'Why',
    recorded_at: '2027-02-01T10:00:00Z',
    ...over,
  };
}

describe('finding conclusions', () => {
  it('takes the latest conclusion of each finding and ignores notes', () => {
    const current = currentConclusions([
      note('1', { conclusion: 'needs_follow_up' }),
      note('2', { kind: 'note', conclusion: null }),
      note('3', { conclusion: 'no_exception' }),
      note('4', {
        target: { kind: 'test', test: 'weekend_posting' },
        conclusion: 'control_deficiency',
      }),
    ]);
    expect(current.get('entry:e1')).toBe('no_exception');
    expect(current.get('test:weekend_posting')).toBe('control_deficiency');
    expect(current.size).toBe(2);
  });

  it('posts a conclusion on its target and reads the history back', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/audit/workspaces/w1/sessions/s1/conclusions/',
        reply: () => ({ status: 201, body: { data: { conclusion: 'no_exception' } } }),
      },
      {
        method: 'GET',
        path: '/audit/workspaces/w1/sessions/s1/notes/',
        reply: () => ({ body: { data: [note('9', { conclusion: 'no_exception' })] } }),
      },
    ]);
    await concludeFinding('w1', 's1', { kind: 'entry', entry_id: 'e1' }, 'no_exception', 'Seen');
    expect(requests[0]?.body).toEqual({
      target: { kind: 'entry', entry_id: 'e1' },
      conclusion: 'no_exception',
      rationale: 'Seen',
    });
    const notes = await listNotes('w1', 's1');
    expect(notes[0]?.conclusion).toBe('no_exception');
  });
});
