import { Button, FileButton, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '@/lib/notify';
import { FILE_UPLOAD_FAILED } from '@/lib/upload-image';

/** PNG, JPEG, GIF or WebP, as the server sniffs them; SVG is never accepted. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

type Props = {
  /** What the image is ("image", "logo"): the buttons say "Change image", "Remove logo". */
  noun: string;
  hasImage: boolean;
  /** Uploads the file and shows it; a failure's message is shown to the user. */
  onPick: (file: File) => Promise<void>;
  /** Removes the image; the API client shows a failure. */
  onRemove: () => Promise<void>;
};

/**
 * Change or remove an uploaded image (a workspace's image, an organization's logo): one
 * request at a time, what was done said in a notification.
 */
export function ImagePicker({ noun, hasImage, onPick, onRemove }: Props) {
  const [pending, setPending] = useState(false);
  const change = async (file: File | null) => {
    if (!file) return;
    setPending(true);
    try {
      await onPick(file);
      notify.success(`The ${noun} was updated.`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : FILE_UPLOAD_FAILED);
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    setPending(true);
    try {
      await onRemove();
      notify.success(`The ${noun} was removed.`);
    } catch {
      // Shown by the API client's handler.
    } finally {
      setPending(false);
    }
  };
  return (
    <Group gap="xs">
      <FileButton onChange={(file) => void change(file)} accept={IMAGE_TYPES}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            loading={pending}
            leftSection={<IconPhoto size={14} />}
          >
            Change {noun}
          </Button>
        )}
      </FileButton>
      {hasImage && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={pending}
          onClick={() => void remove()}
        >
          Remove {noun}
        </Button>
      )}
    </Group>
  );
}
