import {
  Alert,
  Anchor,
  Button,
  Radio,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';

import { downloadText } from '@/components/data-grid/csv';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { notify } from '@/lib/notify';

import {
  describeRowKey,
  downloadTemplate,
  importEntries,
  previewImport,
  rowErrorsOf,
  sortedRowKeys,
  type ImportPreview,
  type RowErrors,
} from '../api/journal-import';
import { refreshBooks } from '../api/paths';
import { useWorkspaceId } from '@/lib/active-workspace';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Whether the user may post: otherwise the import creates drafts. */
  canPost: boolean;
};

/**
 * Import journal entries from CSV: choose a file, see every row's problems (nothing is
 * written by the preview), then import all entries at once — or none.
 */
function entriesText(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}

/** "Import 3 entries as drafts", or "Post 3 entries" once posting is chosen. */
export function importLabel(post: boolean, count: number | null): string {
  if (count === null) return post ? 'Post entries' : 'Import as drafts';
  return post ? `Post ${entriesText(count)}` : `Import ${entriesText(count)} as drafts`;
}

export function ImportEntriesModal({ opened, onClose, canPost }: Props) {
  const currency = useWorkspaceCurrency();
  const workspaceId = useWorkspaceId();
  const [file, setFile] = useState<File | null>(null);
  // Drafts unless the user chooses to post: posting a whole file is a deliberate act.
  const [postChoice, setPost] = useState(false);
  const post = canPost && postChoice;
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<RowErrors>({});
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setErrors({});
    setPost(false);
  };

  const check = async (chosen: File | null, asPosted = post) => {
    setFile(chosen);
    setPreview(null);
    setErrors({});
    if (!chosen || !workspaceId) return;
    setBusy(true);
    try {
      const result = await previewImport(workspaceId, chosen, asPosted);
      setPreview(result);
      setErrors(result.errors);
    } catch (error) {
      setErrors(rowErrorsOf(error) ?? { file: ['The file could not be checked. Try again.'] });
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!file || !workspaceId) return;
    setBusy(true);
    try {
      const result = await importEntries(workspaceId, file, post);
      await refreshBooks();
      notify.success(
        `${result.imported} ${result.imported === 1 ? 'entry' : 'entries'} imported${
          result.status === 'posted' ? ' and posted' : ' as drafts'
        }.`,
      );
      reset();
      onClose();
    } catch (error) {
      setErrors(rowErrorsOf(error) ?? { file: ['The import failed; nothing was written.'] });
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    if (!workspaceId) return;
    const blob = await downloadTemplate(workspaceId);
    downloadText('journal-entries-template.csv', await blob.text());
  };

  const keys = sortedRowKeys(errors);
  const valid = preview?.valid === true && keys.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={<Text fw={600}>Import journal entries</Text>}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          One row per line; rows with the same <b>entry</b> key form one entry. Accounts by code.{' '}
          <Anchor component="button" size="sm" onClick={() => void template()}>
            Download the template
          </Anchor>
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(chosen) => void check(chosen)}
          clearable
        />
        {canPost && (
          <Radio.Group
            label="The entries are"
            value={post ? 'post' : 'drafts'}
            onChange={(value) => {
              setPost(value === 'post');
              void check(file, value === 'post');
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="drafts" label="Imported as drafts, to review and post one by one" />
              <Radio
                value="post"
                label={`Posted now${
                  preview && valid ? `: all ${entriesText(preview.entries)}` : ''
                }, numbered in file order`}
              />
            </Stack>
          </Radio.Group>
        )}
        {keys.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`${keys.length} ${keys.length === 1 ? 'problem' : 'problems'}: nothing will be imported until they are fixed`}
          >
            <ScrollArea.Autosize mah={220}>
              <Table fz="sm" verticalSpacing={2} data-testid="import-errors">
                <Table.Tbody>
                  {keys.map((key) => (
                    <Table.Tr key={key}>
                      <Table.Td w={170} fw={500}>
                        {describeRowKey(key)}
                      </Table.Td>
                      <Table.Td>{(errors[key] ?? []).join(' ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Alert>
        )}
        {valid && preview && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCheck size={18} />}
            title="Ready to import"
            data-testid="import-ready"
          >
            {preview.entries} {preview.entries === 1 ? 'entry' : 'entries'}, {preview.lines} lines,{' '}
            {formatMoney(preview.total, currency)} in debits.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button
            disabled={!valid}
            loading={busy}
            color={post ? 'orange' : undefined}
            onClick={() => void run()}
          >
            {importLabel(post, preview && valid ? preview.entries : null)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
