import { Button, Center, Drawer, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { downloadBlob } from '@/components/data-grid/csv';

import { fetchDocument } from '../api/documents';
import { fileKind, formatBytes, previewable } from '../lib/documents';

export type PreviewedDocument = {
  id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  url: string;
};

/**
 * A document in a drawer: a PDF or an image shown from memory (fetched with the token, so
 * the file never needs a public URL), anything else offered as a download. The hash is
 * shown so a reviewer can match the file to the evidence recorded in the books.
 */
export function DocumentPreview({
  document,
  onClose,
}: {
  document: PreviewedDocument | null;
  onClose: () => void;
}) {
  const [blob, setBlob] = useState<{ id: string; blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!document) return undefined;
    let revoked: string | null = null;
    let live = true;
    fetchDocument(document.id)
      .then((fetched) => {
        if (!live) return;
        // Typed with the sniffed type, so the frame renders it instead of saving it.
        const typed = new Blob([fetched], { type: document.content_type });
        revoked = URL.createObjectURL(typed);
        setBlob({ id: document.id, blob: typed, url: revoked });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (revoked) URL.revokeObjectURL(revoked);
      setBlob(null);
    };
  }, [document]);

  const shown = document && blob?.id === document.id ? blob : null;
  const kind = document ? fileKind(document.content_type) : 'other';
  return (
    <Drawer
      opened={document !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={document?.name ?? ''}
      data-testid="document-preview"
    >
      {document && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {formatBytes(document.size)} · SHA-256 {document.sha256}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={!shown}
              onClick={() => shown && downloadBlob(document.name, shown.blob)}
            >
              Download
            </Button>
          </Group>
          {!shown ? (
            <Center h={200}>
              <Loader size="sm" type="dots" />
            </Center>
          ) : !previewable(document.content_type) ? (
            <Text size="sm" c="dimmed">
              This file cannot be shown here; download it to open it.
            </Text>
          ) : kind === 'pdf' ? (
            <iframe
              src={shown.url}
              title={`Preview of ${document.name}`}
              style={{ width: '100%', height: '75vh', border: 0 }}
            />
          ) : (
            <Image src={shown.url} alt={document.name} fit="contain" mah="75vh" />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
