import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, pageOf, type ApiRoute, type RecordedRequest } from '@/testing/api-stub';
import { ROLES, sessionRoutes } from '@/testing/session-routes';
import { renderWithProviders } from '@/testing/test-utils';

import type { Answer } from '../api/conversations';

import { forgetOpenConversations } from '../lib/open-conversation';

import { AssistantButton } from './assistant-button';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  window.localStorage.setItem('activeOrgId', 'org-1');
  forgetOpenConversations();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = '/assistant/workspaces/ws-1/conversations/';

function answer(patch: Partial<Answer> = {}): Answer {
  return {
    text: '',
    figures: [],
    sources: [],
    clarify: [],
    draft_entry: null,
    engine: 'built_in',
    ...patch,
  };
}

const CASH_BALANCE = answer({
  text: '1110 · Cash on hand stood at 1,250,000.50 (debit) on 27 November 2026.',
  figures: [
    {
      label: 'Balance of 1110 · Cash on hand',
      amount: '1250000.50',
      currency: 'NGN',
      as_of: '2026-11-27',
      from: null,
      to: null,
    },
  ],
  sources: [
    {
      kind: 'trial_balance',
      ref: 'acc-1110',
      params: { as_of: '2026-11-27' },
      log_position: 42,
      path: '/api/v1/accounting/workspaces/ws-1/trial-balance/?as_of=2026-11-27',
    },
    {
      kind: 'journal_entry',
      ref: 'je-7',
      params: {},
      log_position: 40,
      path: '/api/v1/accounting/workspaces/ws-1/journal-entries/je-7/',
    },
  ],
});

const RENT_DRAFT = answer({
  text: 'Here is a draft for you to review and post: rent 200,000.00 paid from the bank.',
  sources: [
    {
      kind: 'accounts',
      ref: 'acc-6100',
      params: {},
      log_position: 9,
      path: '/api/v1/accounting/workspaces/ws-1/accounts/',
    },
    {
      kind: 'accounts',
      ref: 'acc-1120',
      params: {},
      log_position: 9,
      path: '/api/v1/accounting/workspaces/ws-1/accounts/',
    },
  ],
  draft_entry: {
    date: '2026-12-01',
    memo: 'Paid rent',
    lines: [
      {
        account_id: 'acc-6100',
        account_code: '6100',
        account_name: 'Rent',
        debit: '200000.00',
        credit: '0.00',
      },
      {
        account_id: 'acc-1120',
        account_code: '1120',
        account_name: 'Bank',
        debit: '0.00',
        credit: '200000.00',
      },
    ],
  },
});

/**
 * The assistant's routes: answers chosen by the question asked. With `storeAfterThreadRead`
 * a new conversation's first read of its thread is taken before the question is stored and
 * reaches the browser only after the answer has: the two crossed, as they may in a browser.
 */
function assistantRoutes(
  answers: Record<string, Answer>,
  { storeAfterThreadRead = false } = {},
): ApiRoute[] {
  const thread: { question: string; answer: Answer; asked_at: string; log_position: number }[] = [];
  let threadRead = () => {};
  const firstThreadRead = new Promise<void>((resolve) => (threadRead = resolve));
  let answered = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  const conversation = () => ({
    id: 'c-1',
    workspace_id: 'ws-1',
    title: thread[0]?.question ?? 'New conversation',
    messages: thread.length,
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
  });
  return [
    {
      method: 'GET',
      path: BASE,
      reply: () => ({ body: pageOf(thread.length ? [conversation()] : []) }),
    },
    { method: 'POST', path: BASE, reply: () => ({ status: 201, body: { data: conversation() } }) },
    {
      method: 'GET',
      path: `${BASE}c-1/`,
      reply: async () => {
        const body = { data: { ...conversation(), thread: [...thread] } };
        threadRead();
        if (storeAfterThreadRead) {
          await firstAnswer;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { body };
      },
    },
    {
      method: 'POST',
      path: `${BASE}c-1/messages/`,
      reply: async (request: RecordedRequest) => {
        if (storeAfterThreadRead) await firstThreadRead;
        const { text } = request.body as { text: string };
        const given = answers[text] ?? answer({ text: 'I cannot answer that from the books.' });
        thread.push({
          question: text,
          answer: given,
          asked_at: '2026-11-27T10:00:00Z',
          log_position: thread.length + 1,
        });
        answered();
        return { status: 201, body: { data: given } };
      },
    },
  ];
}

/** Where a click navigated, with the router state it carried. */
function Landing() {
  const location = useLocation();
  return (
    <output data-testid="landing">
      {`${location.pathname}${location.search}`}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </output>
  );
}

function renderButton(role: number, answers: Record<string, Answer>) {
  const stub = stubApi([...sessionRoutes(role), ...assistantRoutes(answers)]);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<AssistantButton />} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route: '/dashboard' },
  );
  return stub;
}

async function askQuestion(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.click(await screen.findByRole('button', { name: 'Assistant' }));
  const box = await screen.findByRole('textbox', { name: 'Question' });
  await user.type(box, question);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
}

describe('assistant panel', () => {
  it('answers a question with its figures as money and its sources as links to the screens', async () => {
    const user = userEvent.setup();
    const stub = renderButton(ROLES.admin, { 'balance of cash': CASH_BALANCE });

    await askQuestion(user, 'balance of cash');

    const reply = await screen.findByTestId('assistant-answer');
    expect(within(reply).getByText(/Cash on hand stood at/)).toBeInTheDocument();
    const figures = within(reply).getByRole('list', { name: 'Figures' });
    expect(within(figures).getByText('₦1,250,000.50')).toBeInTheDocument();
    const asked = stub.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages/'));
    expect(asked.map((r) => r.body)).toEqual([{ text: 'balance of cash' }]);

    const entryLink = within(reply).getByRole('link', { name: 'Journal entry' });
    expect(entryLink).toHaveAttribute('href', '/accounting/journal-entry?entry=je-7');
    await user.click(within(reply).getByRole('link', { name: /^Trial balance as of/ }));
    expect(await screen.findByTestId('landing')).toHaveTextContent(
      '/accounting/trial-balance?as_of=2026-11-27',
    );
  });

  it('keeps the first answer of a new conversation when its thread was read before the answer was stored', async () => {
    const user = userEvent.setup();
    const stub = stubApi([
      ...sessionRoutes(ROLES.admin),
      ...assistantRoutes({ 'balance of cash': CASH_BALANCE }, { storeAfterThreadRead: true }),
    ]);
    renderWithProviders(<AssistantButton />, { route: '/dashboard' });

    await askQuestion(user, 'balance of cash');

    // The thread is read again once the answer is in, and holds it.
    await waitFor(() =>
      expect(
        stub.requests.filter((r) => r.method === 'GET' && r.path === `${BASE}c-1/`),
      ).toHaveLength(2),
    );
    const reply = await screen.findByTestId('assistant-answer');
    expect(within(reply).getByText('₦1,250,000.50')).toBeInTheDocument();
  });

  it('asks the chosen clarification as the next question', async () => {
    const user = userEvent.setup();
    const stub = renderButton(ROLES.admin, {
      'balance of bank': answer({
        text: 'More than one account matches "bank". Which one do you mean?',
        clarify: [
          { label: '1120 · Bank current', question: 'balance of 1120' },
          { label: '1130 · Bank savings', question: 'balance of 1130' },
        ],
      }),
      'balance of 1130': answer({ text: '1130 · Bank savings stood at 0.00 on 27 November 2026.' }),
    });

    await askQuestion(user, 'balance of bank');
    const choices = await screen.findByRole('group', { name: 'Choices' });
    await user.click(within(choices).getByRole('button', { name: '1130 · Bank savings' }));

    expect(await screen.findByText(/Bank savings stood at/)).toBeInTheDocument();
    const asked = stub.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages/'));
    expect(asked.map((r) => r.body)).toEqual([
      { text: 'balance of bank' },
      { text: 'balance of 1130' },
    ]);
  });

  it('opens the journal entry form prefilled with a draft, with full access', async () => {
    const user = userEvent.setup();
    renderButton(ROLES.admin, { 'draft an entry: paid rent': RENT_DRAFT });

    await askQuestion(user, 'draft an entry: paid rent');
    const draft = await screen.findByTestId('assistant-draft');
    expect(within(draft).getByText('6100 · Rent')).toBeInTheDocument();
    // Both accounts came from the chart: one link to it.
    expect(screen.getAllByRole('link', { name: 'Chart of accounts' })).toHaveLength(1);
    await user.click(within(draft).getByRole('button', { name: 'Review in journal entry form' }));

    const landing = await screen.findByTestId('landing');
    expect(landing.textContent?.startsWith('/accounting/journal-entry?entry=new ')).toBe(true);
    const state = JSON.parse(landing.textContent?.split(' ').slice(1).join(' ') ?? '{}') as {
      entryPrefill: unknown;
    };
    expect(state.entryPrefill).toEqual({
      date: '2026-12-01',
      memo: 'Paid rent',
      lines: [
        { account_id: 'acc-6100', debit: '200000.00', credit: '0.00' },
        { account_id: 'acc-1120', debit: '0.00', credit: '200000.00' },
      ],
    });
  });

  it('offers a Viewer (limited access) no draft to open', async () => {
    const user = userEvent.setup();
    renderButton(ROLES.viewer, { 'draft an entry: paid rent': RENT_DRAFT });

    await askQuestion(user, 'draft an entry: paid rent');
    await screen.findByText(/Here is a draft/);
    expect(screen.queryByTestId('assistant-draft')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review in journal entry form' })).toBeNull();
  });

  it('lists the caller’s conversations and reopens one', async () => {
    const user = userEvent.setup();
    renderButton(ROLES.viewer, { 'balance of cash': CASH_BALANCE });
    await askQuestion(user, 'balance of cash');
    await screen.findByTestId('assistant-answer');

    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getByText('balance of cash')).toBeInTheDocument());
    await user.click(within(list).getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.queryByTestId('assistant-answer')).toBeNull());
    await user.click(within(list).getByText('balance of cash'));
    expect(await screen.findByTestId('assistant-answer')).toBeInTheDocument();
  });

  it('reopens on the same thread on another page (each page has its own header)', async () => {
    const user = userEvent.setup();
    stubApi([
      ...sessionRoutes(ROLES.admin),
      ...assistantRoutes({ 'balance of cash': CASH_BALANCE }),
    ]);
    const page = () =>
      renderWithProviders(<AssistantButton />, { route: '/accounting/journal-entry' });
    const first = page();
    await askQuestion(user, 'balance of cash');
    await screen.findByTestId('assistant-answer');
    first.unmount();

    page();
    await user.click(await screen.findByRole('button', { name: 'Assistant' }));
    expect(await screen.findByTestId('assistant-answer')).toHaveTextContent(/Cash on hand/);
  });
});
