import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { EvidencePanel } from './evidence-panel';

const receipt = {
  id: 'doc-1',
  name: 'receipt.pdf',
  content_type: 'application/pdf',
  size: 2_048,
  sha256: 'c'.repeat(64),
  url: '/api/v1/audit-shared/link-token/documents/doc-1/',
};

describe('the evidence on a shared audit', () => {
  it('downloads each flagged entry’s document through the shared link and shows its hash', () => {
    renderWithProviders(
      <EvidencePanel
        flagged={[
          { entry_id: 'je-1', number: 'JE-0007' },
          { entry_id: 'je-2', number: 'JE-0008' },
        ]}
        evidence={{ 'je-1': [receipt] }}
      />,
    );

    const link = screen.getByRole('link', { name: 'receipt.pdf' });
    expect(link).toHaveAttribute('href', receipt.url);
    expect(link).toHaveAttribute('download', 'receipt.pdf');
    expect(screen.getByText(`SHA-256 ${receipt.sha256}`)).toBeInTheDocument();
    expect(screen.getByText('JE-0007')).toBeInTheDocument();
    expect(screen.queryByText('JE-0008')).not.toBeInTheDocument();
  });

  it('says so when no flagged entry has a document', () => {
    renderWithProviders(
      <EvidencePanel flagged={[{ entry_id: 'je-1', number: 'JE-0007' }]} evidence={{}} />,
    );

    expect(screen.getByText('No document is attached to the flagged entries.')).toBeInTheDocument();
  });
});
