import { Button, Drawer, Group, Loader, Center, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBook2, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useSearchParams } from 'react-router-dom';

import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import { deleteEntry, useEntry, type CommandResult } from '../api/journal-entries';
import { useMemberNames } from '../api/member-names';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { useBooksPermissions } from '../hooks/use-books-permissions';
import { prefillFromState } from '../lib/entry-prefill';

import { AttachedFiles } from './attached-files';
import { EntryDetail } from './entry-detail';
import { EntryForm } from './entry-form';
import { ExportJournalMenu } from './export-journal-menu';
import { ImportEntriesModal } from './import-entries-modal';
import { newEntryValues, valuesFromEntry } from './entry-form-values';
import { JournalEntryList } from './journal-entry-list';
import { FiscalYearsControl } from './fiscal-years-control';
import { LockDateControl } from './lock-date-control';

/** `?entry=new`, `?entry=<id>` or `?duplicate=<id>` open the drawer: links to an entry work. */
const NEW = 'new';

/** What the drawer shows for a query string: the same value, the same form. */
function drawerOf(search: string): string {
  const params = new URLSearchParams(search);
  return `${params.get('entry') ?? ''}|${params.get('duplicate') ?? ''}`;
}

/** The journal entry screen: the list, and one entry in a drawer (new, draft, posted). */
export function JournalEntryScreen() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const entryParam = params.get('entry');
  const duplicateOf = params.get('duplicate');
  const { ready, canWriteDrafts, canPost, canImport } = useBooksPermissions();
  const [importing, setImporting] = useState(false);
  const currency = useWorkspaceCurrency();
  const names = useMemberNames();

  // A filled-in form is not thrown away by a stray click: closing the drawer, going
  // back or leaving the page asks first. A ref, so a save or a confirmed discard lets
  // the navigation it causes through at once.
  const dirtyRef = useRef(false);
  const onDirtyChange = useCallback((next: boolean) => {
    dirtyRef.current = next;
  }, []);
  const open = (next: Record<string, string>) => {
    dirtyRef.current = false;
    setParams(next);
  };
  const close = () => open({});
  const onSaved = (result: CommandResult) => open({ entry: result.id });
  const askToDiscard = (onDiscard: () => void, onKeep: () => void = () => undefined) =>
    modals.openConfirmModal({
      title: 'Discard this entry?',
      children: <Text size="sm">What you entered has not been saved and will be lost.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: onDiscard,
      onCancel: onKeep,
    });
  const closeAsking = () => (dirtyRef.current ? askToDiscard(close) : close());
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        drawerOf(currentLocation.search) !== drawerOf(nextLocation.search)),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askToDiscard(
      () => {
        dirtyRef.current = false;
        blocker.proceed();
      },
      () => blocker.reset(),
    );
    // Once per blocked navigation: the modal answers it.
  }, [blocker.state]);
  const viewerReason =
    ready && !canWriteDrafts
      ? 'Your role in this workspace lets you read the books but not record entries, so this form cannot be saved. An Admin of the workspace can make you an Editor.'
      : null;

  const shownId = entryParam && entryParam !== NEW ? entryParam : duplicateOf;
  const { data: entry, isLoading } = useEntry(shownId);

  const isNew = entryParam === NEW;
  const isDuplicate = !entryParam && duplicateOf !== null;
  const opened = isNew || isDuplicate || entryParam !== null;

  const title = isNew
    ? 'New journal entry'
    : isDuplicate
      ? `Copy of ${entry?.entry_number ?? 'entry'}`
      : entry
        ? (entry.entry_number ?? 'Draft entry')
        : 'Journal entry';

  const confirmDelete = (id: string) =>
    modals.openConfirmModal({
      title: 'Delete this draft?',
      children: (
        <Text size="sm">The draft was never posted; deleting it leaves no trace in the books.</Text>
      ),
      labels: { confirm: 'Delete draft', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const workspaceId = storage.getWorkspaceId();
        if (!workspaceId) return;
        deleteEntry(workspaceId, id)
          .then(() => {
            notify.success('Draft deleted');
            close();
          })
          .catch(() => undefined);
      },
    });

  const body = () => {
    if (isNew) {
      // A suggested entry (the assistant's draft) arrives as router state; each arrival is
      // a fresh form, so a second suggestion does not keep the first one's lines.
      const prefill = prefillFromState(location.state);
      return (
        <EntryForm
          key={prefill ? `new-${location.key}` : 'new'}
          initialValues={prefill ?? newEntryValues()}
          entryId={null}
          currency={currency}
          canWriteDrafts={canWriteDrafts}
          canPost={canPost}
          onSaved={onSaved}
          onDirtyChange={onDirtyChange}
          readOnlyReason={viewerReason}
        />
      );
    }
    if (isLoading || !entry) {
      return (
        <Center h={200}>
          <Loader size="sm" type="dots" />
        </Center>
      );
    }
    if (isDuplicate || entry.status === 'draft') {
      return (
        <Stack gap="lg">
          <EntryForm
            key={`${isDuplicate ? 'copy' : 'draft'}-${entry.id}-${entry.updated_datetime}`}
            initialValues={valuesFromEntry(entry, isDuplicate)}
            entryId={isDuplicate ? null : entry.id}
            currency={currency}
            canWriteDrafts={canWriteDrafts}
            canPost={canPost}
            onSaved={onSaved}
            onDirtyChange={onDirtyChange}
          />
          {!isDuplicate && (
            <AttachedFiles
              entryId={entry.id}
              documents={entry.documents}
              canAttach={canWriteDrafts}
            />
          )}
        </Stack>
      );
    }
    return (
      <EntryDetail
        entry={entry}
        currency={currency}
        authorName={names.get(entry.author_id) ?? entry.author_id.slice(0, 8)}
        canPost={canPost}
        canWriteDrafts={canWriteDrafts}
        onDuplicate={() => open({ duplicate: entry.id })}
        onReversed={onSaved}
      />
    );
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          Click an entry to open it. Drafts can be edited; posted entries are corrected by reversal.
        </Text>
        <Group gap="sm">
          <LockDateControl canChange={canPost} />
          <FiscalYearsControl canChange={canPost} />
          <ExportJournalMenu />
          {canImport && (
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              Import CSV
            </Button>
          )}
          {canWriteDrafts && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open({ entry: NEW })}>
              New entry
            </Button>
          )}
        </Group>
      </Group>
      <JournalEntryList
        onOpen={(id) => open({ entry: id })}
        empty={
          <EmptyState
            icon={<IconBook2 size={24} stroke={1.6} />}
            title="No journal entries yet"
            description="Record the first entry: pick the accounts, enter the debits and credits, and post once they balance. Trial balance, ledgers and summaries fill in from posted entries."
            action={
              canWriteDrafts ? (
                <Button
                  mt="xs"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => open({ entry: NEW })}
                >
                  Record the first entry
                </Button>
              ) : undefined
            }
          />
        }
      />
      <ImportEntriesModal
        opened={importing}
        onClose={() => setImporting(false)}
        canPost={canPost}
      />
      <Drawer
        opened={opened}
        onClose={closeAsking}
        position="right"
        size={1040}
        title={
          // The drawer's title is its heading already.
          <Text component="span" fw={600} size="lg">
            {title}
          </Text>
        }
      >
        {entry && entry.status === 'draft' && !isDuplicate && canWriteDrafts && (
          <Group justify="flex-end" mt={-8} mb="xs">
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} />}
              onClick={() => confirmDelete(entry.id)}
            >
              Delete draft
            </Button>
          </Group>
        )}
        {opened && body()}
      </Drawer>
    </>
  );
}
