import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';

import { GenerateReportForm } from './generate-report-form';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
// A plain function rather than vi.fn(): the spy would leave a rejected answer's derived
// promise unhandled and fail the test that checks how a refusal is shown.
const api = vi.hoisted(() => ({
  calls: [] as unknown[][],
  answer: (): Promise<unknown> => Promise.resolve({ id: 'r1', status: 'generating' }),
}));
vi.mock('../api/reports', () => ({
  requestReport: (...args: unknown[]) => {
    api.calls.push(args);
    return api.answer();
  },
}));

describe('GenerateReportForm', () => {
  beforeEach(() => {
    api.calls = [];
    api.answer = () => Promise.resolve({ id: 'r1', status: 'generating' });
  });

  it('asks for a trial balance as of the chosen date in the chosen format', async () => {
    const onRequested = vi.fn();
    renderWithProviders(<GenerateReportForm workspaceId="ws1" onRequested={onRequested} />);

    const asOf = screen.getByLabelText('As of');
    await userEvent.clear(asOf);
    await userEvent.type(asOf, '2026-06-30');
    await userEvent.click(screen.getByText('CSV'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(api.calls).toContainEqual([
      'ws1',
      {
        kind: 'trial_balance',
        format: 'csv',
        as_of: '2026-06-30',
      },
    ]);
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('shows the server’s message on the field it names', async () => {
    api.answer = () =>
      Promise.reject(
        new ApiError(
          400,
          { compare_to: ['The comparison date must be before the as-of date.'] },
          'Bad request',
        ),
      );
    renderWithProviders(<GenerateReportForm workspaceId="ws1" onRequested={vi.fn()} />);

    await userEvent.type(screen.getByLabelText('Compare with (optional)'), '2030-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(
      await screen.findByText('The comparison date must be before the as-of date.'),
    ).toBeInTheDocument();
  });
});
