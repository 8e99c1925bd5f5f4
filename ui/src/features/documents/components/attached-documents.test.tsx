import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { AttachedDocuments } from './attached-documents';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const WS = 'ws-1';
const ASSET = 'fa-1';

const invoice = {
  id: 'doc-1',
  kind: 'document',
  workspace_id: WS,
  name: 'Invoice 0042.pdf',
  content_type: 'application/pdf',
  size: 48_213,
  sha256: 'a'.repeat(64),
  tags: [],
  uploader: { id: 'u-1', name: 'Ada Obi' },
  created: '2026-11-20T09:12:00Z',
  url: '/api/v1/files/documents/doc-1/download/',
  attached_to: [],
};

const page = (rows: unknown[]) => ({
  data: { data: rows, count: rows.length, page: 1, page_size: 100, total_pages: 1 },
});

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', WS);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('documents attached to a fixed asset', () => {
  it('says nothing backs the asset yet, in the asset’s words', () => {
    stubApi([]);
    renderWithProviders(
      <AttachedDocuments
        workspaceId={WS}
        target={{ kind: 'fixed_asset', id: ASSET }}
        documents={[]}
        canAttach={false}
        onChanged={vi.fn()}
      />,
    );

    expect(screen.getByTestId('fixed_asset-documents')).toHaveTextContent(
      'No document backs this asset yet (an invoice, a delivery note).',
    );
    expect(screen.queryByLabelText('Attach a document')).not.toBeInTheDocument();
  });

  it('attaches a workspace document to the asset, not to an entry', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: `/files/workspaces/${WS}/`, reply: () => ({ body: page([invoice]) }) },
      {
        method: 'POST',
        path: '/files/documents/doc-1/attachments/',
        reply: () => ({ status: 201, body: { data: invoice } }),
      },
    ]);
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AttachedDocuments
        workspaceId={WS}
        target={{ kind: 'fixed_asset', id: ASSET }}
        documents={[]}
        canAttach
        onChanged={onChanged}
      />,
    );

    const picker = screen.getByRole('textbox', { name: 'Attach a document' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Invoice 0042.pdf' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'fixed_asset',
      id: ASSET,
    });
  });

  it('detaches a debt’s document from that debt', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: `/files/workspaces/${WS}/`, reply: () => ({ body: page([]) }) },
      {
        method: 'DELETE',
        path: '/files/documents/doc-1/attachments/debt/d-1/',
        reply: () => ({ status: 204 }),
      },
    ]);
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AttachedDocuments
        workspaceId={WS}
        target={{ kind: 'debt', id: 'd-1' }}
        documents={[
          {
            id: 'doc-1',
            name: 'Loan agreement.pdf',
            content_type: 'application/pdf',
            size: 120_000,
            sha256: 'b'.repeat(64),
            url: '/api/v1/files/documents/doc-1/download/',
          },
        ]}
        canAttach
        onChanged={onChanged}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Detach Loan agreement.pdf' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
