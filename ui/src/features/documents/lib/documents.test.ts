import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import {
  fileKind,
  formatBytes,
  previewable,
  progressPercent,
  refusedBeforeSending,
  uploadErrorMessage,
  usageBar,
} from './documents';

const MIB = 1024 * 1024;

describe('documents', () => {
  it('names the kind of each content type the server keeps', () => {
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('image/webp')).toBe('image');
    expect(fileKind('text/csv')).toBe('csv');
    expect(fileKind('text/plain')).toBe('text');
    expect(fileKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'spreadsheet',
    );
    expect(fileKind('application/vnd.ms-excel')).toBe('spreadsheet');
    expect(
      fileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('word');
    expect(fileKind('application/zip')).toBe('other');
  });

  it('previews only PDFs and images', () => {
    expect(previewable('application/pdf')).toBe(true);
    expect(previewable('image/png')).toBe(true);
    expect(previewable('text/csv')).toBe(false);
  });

  it('counts sizes in the units of the plan limits (1 MB = 1024 × 1024 bytes)', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * MIB)).toBe('50.0 MB');
    expect(formatBytes(1024 * MIB)).toBe('1.00 GB');
  });

  it('fills the usage bar against the plan and says when storage is unlimited', () => {
    expect(usageBar({ used: 25 * MIB, limit: 50 * MIB })).toEqual({
      percent: 50,
      label: '25.0 MB of 50.0 MB used',
    });
    expect(usageBar({ used: 60 * MIB, limit: 50 * MIB }).percent).toBe(100);
    expect(usageBar({ used: 0, limit: null })).toEqual({
      percent: null,
      label: '0 B used (unlimited)',
    });
  });

  it('reports upload progress in whole percent', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(5, 4)).toBe(100);
  });

  it('refuses before sending what the plan would refuse: a file over its limit, or storage', () => {
    const usage = { used: 49 * MIB, limit: 50 * MIB, file_limit: 100 * MIB };
    expect(refusedBeforeSending([{ name: 'a.pdf', size: MIB }], usage)).toBeNull();
    expect(refusedBeforeSending([{ name: 'a.pdf', size: MIB + 1 }], usage)).toBe(
      'document_storage',
    );
    expect(refusedBeforeSending([{ name: 'big.pdf', size: 100 * MIB + 1 }], usage)).toBe(
      'file_upload',
    );
    expect(
      refusedBeforeSending([{ name: 'big.pdf', size: 10 ** 12 }], {
        used: 0,
        limit: null,
        file_limit: null,
      }),
    ).toBeNull();
  });

  it("shows the server's reason for a refused file", () => {
    const refused = new ApiError(400, { file: ['invoice.pdf is not a file type kept here'] }, '');
    expect(uploadErrorMessage(refused)).toBe('invoice.pdf is not a file type kept here');
    expect(uploadErrorMessage(new ApiError(403, { detail: 'No.' }, ''))).toBe('No.');
    expect(uploadErrorMessage(new Error('x'))).toBe('File upload failed');
  });
});
