import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { EntryForm } from './entry-form';
import type { EntryFormValues } from './entry-form-values';

const account = (id: string, code: string, name: string) => ({
  id,
  name,
  account_type: 'asset',
  account_code: code,
  account_type_display: 'Asset',
  parent_id: null,
  archived_datetime: null,
  is_last_level: true,
  is_editable: true,
  budget_amount: null,
  budgets: [],
  children: [],
});

const accountsRoute: ApiRoute = {
  method: 'GET',
  path: '/accounting/workspaces/w1/accounts/',
  reply: () => ({
    body: { data: [account('a1', '1110', 'Cash on hand'), account('a2', '4100', 'Sales')] },
  }),
};

const values = (debit: string, credit: string): EntryFormValues => ({
  date: '2026-03-15',
  memo: 'Cash sale',
  reference: '',
  lines: [
    { account_id: 'a1', description: '', debit, credit: '' },
    { account_id: 'a2', description: '', debit: '', credit },
  ],
});

function renderForm(initial: EntryFormValues, { canPost = true, canWriteDrafts = true } = {}) {
  const onSaved = vi.fn();
  renderWithProviders(
    <EntryForm
      initialValues={initial}
      entryId={null}
      currency="NGN"
      canPost={canPost}
      canWriteDrafts={canWriteDrafts}
      onSaved={onSaved}
    />,
  );
  return { onSaved };
}

beforeEach(() => {
  window.localStorage.setItem('wsId', 'w1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EntryForm', () => {
  it('keeps Post disabled while unbalanced, with the reason, and enables it once balanced', async () => {
    stubApi([accountsRoute]);
    const user = userEvent.setup();
    renderForm(values('100', '90'));

    const post = screen.getByRole('button', { name: 'Post entry' });
    expect(post).toBeDisabled();
    expect(screen.getByTestId('post-blocked-reason')).toHaveTextContent(
      'Post is disabled: Debits exceed credits by 10.00.',
    );
    expect(screen.getByTestId('entry-difference')).toHaveTextContent('10.00');

    const credit = screen.getByLabelText('Line 2 credit');
    await user.clear(credit);
    await user.type(credit, '100.00');

    expect(screen.getByTestId('entry-difference')).toHaveTextContent('Balanced');
    expect(screen.getByTestId('total-credit')).toHaveTextContent('100.00');
    expect(screen.getByRole('button', { name: 'Post entry' })).toBeEnabled();
    expect(screen.queryByTestId('post-blocked-reason')).not.toBeInTheDocument();
  });

  it('shows a malformed amount on its line as it is typed', async () => {
    stubApi([accountsRoute]);
    const user = userEvent.setup();
    renderForm(values('', '50'));

    await user.type(screen.getByLabelText('Line 1 debit'), '1.234');

    expect(screen.getByTestId('entry-line-0-error')).toHaveTextContent(
      'Enter an amount such as 1250.00.',
    );
    expect(screen.getByTestId('entry-line-0')).toHaveAttribute('data-invalid', 'true');
    expect(screen.queryByTestId('entry-line-1-error')).not.toBeInTheDocument();
  });

  it('puts the server’s line errors on their line and its entry errors above the buttons', async () => {
    const { requests } = stubApi([
      accountsRoute,
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/journal-entries/',
        reply: () => ({
          status: 400,
          body: {
            'lines[1].account_id': ['Account a2 is archived.'],
            non_field_errors: ['The books are locked up to 2026-03-31.'],
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    const { onSaved } = renderForm(values('75', '75'));

    await user.click(screen.getByRole('button', { name: 'Post entry' }));

    await waitFor(() =>
      expect(screen.getByTestId('entry-line-1-error')).toHaveTextContent('Account a2 is archived.'),
    );
    expect(screen.queryByTestId('entry-line-0-error')).not.toBeInTheDocument();
    expect(screen.getByText('The books are locked up to 2026-03-31.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      date: '2026-03-15',
      memo: 'Cash sale',
      reference: '',
      post: true,
      lines: [
        { account_id: 'a1', description: '', debit: '75.00', credit: '' },
        { account_id: 'a2', description: '', debit: '', credit: '75.00' },
      ],
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('maps a server error past a blank spare row to the row the user sees', async () => {
    stubApi([
      accountsRoute,
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/journal-entries/',
        reply: () => ({ status: 400, body: { 'lines[1].credit': ['Too large.'] } }),
      },
    ]);
    const user = userEvent.setup();
    const initial = values('5', '5');
    initial.lines.splice(1, 0, { account_id: '', description: '', debit: '', credit: '' });
    renderForm(initial);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() =>
      expect(screen.getByTestId('entry-line-2-error')).toHaveTextContent('Too large.'),
    );
  });

  it('Enter in an amount of the last line adds a line', async () => {
    stubApi([accountsRoute]);
    const user = userEvent.setup();
    renderForm(values('5', '5'));

    await user.click(screen.getByLabelText('Line 2 credit'));
    await user.keyboard('{Enter}');

    expect(await screen.findByLabelText('Line 3 debit')).toBeInTheDocument();
    // A blank spare line does not unbalance the entry.
    expect(screen.getByTestId('entry-difference')).toHaveTextContent('Balanced');
  });

  it('shows no editing controls to someone who may not write drafts', () => {
    stubApi([accountsRoute]);
    renderForm(values('1', '1'), { canPost: false, canWriteDrafts: false });

    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
  });

  it('an Editor saves drafts but Post is disabled for them', () => {
    stubApi([accountsRoute]);
    renderForm(values('1', '1'), { canPost: false });

    expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Post entry' })).toBeDisabled();
  });

  it('tells someone who may not write drafts why nothing here can be saved', () => {
    stubApi([accountsRoute]);
    renderWithProviders(
      <EntryForm
        initialValues={values('', '')}
        entryId={null}
        currency="NGN"
        canPost={false}
        canWriteDrafts={false}
        onSaved={vi.fn()}
        readOnlyReason="Your role lets you read the books but not record entries."
      />,
    );
    expect(screen.getByTestId('entry-read-only')).toHaveTextContent(
      'Your role lets you read the books but not record entries.',
    );
  });

  it('reports when the form has been filled in, for the screen to ask before discarding it', async () => {
    stubApi([accountsRoute]);
    const onDirtyChange = vi.fn();
    renderWithProviders(
      <EntryForm
        initialValues={values('', '')}
        entryId={null}
        currency="NGN"
        canPost
        canWriteDrafts
        onSaved={vi.fn()}
        onDirtyChange={onDirtyChange}
      />,
    );
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await userEvent.type(screen.getByLabelText('Memo'), 'Rent');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
  });
});
