import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/test-utils';

import { ImportEntriesModal, importLabel } from './import-entries-modal';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/active-workspace', () => ({
  useWorkspaceId: () => 'ws1',
  useOrganizationId: () => 'org1',
}));
vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
const api = vi.hoisted(() => ({ imports: [] as boolean[] }));
vi.mock('../api/paths', () => ({ refreshBooks: () => Promise.resolve() }));
vi.mock('../api/journal-import', async (original) => ({
  ...(await original<typeof import('../api/journal-import')>()),
  previewImport: () =>
    Promise.resolve({
      valid: true,
      entries: 2,
      lines: 4,
      total: '800.00',
      errors: {},
      preview: [],
    }),
  importEntries: (_ws: string, _file: File, post: boolean) => {
    api.imports.push(post);
    return Promise.resolve({ imported: 2, status: post ? 'posted' : 'draft' });
  },
}));

/** Mantine's FileInput is a button over a hidden file input. */
function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const csv = () => new File(['entry,date\n1,2026-01-10\n'], 'entries.csv', { type: 'text/csv' });

describe('ImportEntriesModal', () => {
  beforeEach(() => {
    api.imports = [];
  });

  it('imports as drafts unless posting is chosen, even for someone who may post', async () => {
    renderWithProviders(<ImportEntriesModal opened onClose={vi.fn()} canPost />);
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Import 2 entries as drafts' }),
    );
    await waitFor(() => expect(api.imports).toEqual([false]));
  });

  it('posts only as an explicit choice that shows the count', async () => {
    renderWithProviders(<ImportEntriesModal opened onClose={vi.fn()} canPost />);
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(await screen.findByRole('radio', { name: /Posted now: all 2 entries/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post 2 entries' }));
    await waitFor(() => expect(api.imports).toEqual([true]));
  });

  it('names the action and the count on its button', () => {
    expect(importLabel(false, 1)).toBe('Import 1 entry as drafts');
    expect(importLabel(true, 3)).toBe('Post 3 entries');
  });
});
