import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/test-utils';

import type { SetupProgress } from '../api/setup-progress';

import { SetupChecklist } from './setup-checklist';

const step = (key: string, title: string, completed = false, skipped = false) => ({
  key,
  title,
  description: `${title} description`,
  completed,
  skipped,
});

const progress = (over: Partial<SetupProgress> = {}): SetupProgress => ({
  steps: [
    step('create_workspace', 'Create a workspace', true),
    step('post_first_entry', 'Post your first journal entry'),
    step('choose_plan', 'Choose a plan', false, true),
  ],
  completed: 2,
  total: 3,
  percent: 66,
  dismissed: false,
  ...over,
});

const noop = () => {};

describe('SetupChecklist', () => {
  it('counts the steps done and links each open step to where it is done', () => {
    renderWithProviders(
      <SetupChecklist progress={progress()} canEdit={false} onSkip={noop} onDismiss={noop} />,
    );

    expect(screen.getByText('2 of 3 steps done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post your first journal entry' })).toHaveAttribute(
      'href',
      '/accounting/journal-entry?entry=new',
    );
    expect(screen.queryByRole('link', { name: 'Create a workspace' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a plan (skipped)')).toBeInTheDocument();
  });

  it('lets an Admin skip an open step and dismiss the checklist', async () => {
    const onSkip = vi.fn();
    const onDismiss = vi.fn();
    renderWithProviders(
      <SetupChecklist progress={progress()} canEdit onSkip={onSkip} onDismiss={onDismiss} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(onSkip).toHaveBeenCalledWith('post_first_entry');
    expect(onDismiss).toHaveBeenCalled();
  });

  it('offers no skip or dismiss to members who may not change settings', () => {
    renderWithProviders(
      <SetupChecklist progress={progress()} canEdit={false} onSkip={noop} onDismiss={noop} />,
    );

    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('is gone once dismissed or once every step is done or skipped', () => {
    const { container } = renderWithProviders(
      <>
        <SetupChecklist
          progress={progress({ dismissed: true })}
          canEdit
          onSkip={noop}
          onDismiss={noop}
        />
        <SetupChecklist
          progress={progress({ completed: 3 })}
          canEdit
          onSkip={noop}
          onDismiss={noop}
        />
      </>,
    );

    expect(container.querySelector('[data-testid="setup-checklist"]')).toBeNull();
  });
});
