import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { notify } from '@/lib/notify';
import { renderWithProviders } from '@/testing/test-utils';

import { DownloadMenu } from './download-menu';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
const saved = vi.hoisted(() => ({ files: [] as [string, Blob][] }));
vi.mock('@/components/data-grid/csv', () => ({
  downloadBlob: (name: string, blob: Blob) => saved.files.push([name, blob]),
}));
const api = vi.hoisted(() => ({
  requests: [] as unknown[][],
  downloads: [] as unknown[][],
  finished: {
    id: 'r1',
    kind: 'balance_sheet',
    format: 'xlsx',
    status: 'ready',
    file_name: 'balance-sheet-2026-06-30.xlsx',
    failure_reason: null as string | null,
  },
}));
vi.mock('../api/reports', () => ({
  requestReport: (...args: unknown[]) => {
    api.requests.push(args);
    return Promise.resolve({ id: 'r1', status: 'generating' });
  },
  finishedReport: () => Promise.resolve(api.finished),
  downloadReport: (...args: unknown[]) => {
    api.downloads.push(args);
    return Promise.resolve(new Blob(['xlsx bytes']));
  },
}));

const request = { kind: 'balance_sheet' as const, as_of: '2026-06-30', compare_to: '2025-12-31' };

describe('DownloadMenu', () => {
  beforeEach(() => {
    api.requests = [];
    api.downloads = [];
    saved.files = [];
    api.finished = { ...api.finished, status: 'ready', failure_reason: null };
    vi.mocked(notify.error).mockClear();
  });

  it('offers PDF, XLSX and CSV', async () => {
    renderWithProviders(<DownloadMenu workspaceId="ws1" request={request} />);

    await userEvent.click(screen.getByRole('button', { name: /Download/ }));

    expect(await screen.findByRole('menuitem', { name: 'PDF' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'XLSX' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'CSV' })).toBeInTheDocument();
  });

  it('generates the statement as shown in the chosen format and saves its file', async () => {
    renderWithProviders(<DownloadMenu workspaceId="ws1" request={request} />);

    await userEvent.click(screen.getByRole('button', { name: /Download/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'XLSX' }));

    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(api.requests).toEqual([['ws1', { ...request, format: 'xlsx' }]]);
    expect(api.downloads).toEqual([['ws1', 'r1']]);
    expect(saved.files[0]?.[0]).toBe('balance-sheet-2026-06-30.xlsx');
  });

  it('shows why a report failed and saves nothing', async () => {
    api.finished = { ...api.finished, status: 'failed', failure_reason: 'The range is too long.' };
    renderWithProviders(<DownloadMenu workspaceId="ws1" request={request} />);

    await userEvent.click(screen.getByRole('button', { name: /Download/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The range is too long.'));
    expect(saved.files).toHaveLength(0);
  });
});
