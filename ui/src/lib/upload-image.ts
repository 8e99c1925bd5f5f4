import { z } from 'zod';

import { api, dataEnvelope, idSchema, requireParam } from '@/lib/api-client';

/** Spec §8: the text thrown on any upload failure. */
export const FILE_UPLOAD_FAILED = 'File upload failed';
/** Spec §5: the avatar picker's text when not exactly one file is chosen. */
export const SELECT_ONE_IMAGE = 'Please select only one image';

const uploadedImageSchema = dataEnvelope(z.object({ id: idSchema, absolute_url: z.string() }));
export type UploadedImage = z.infer<typeof uploadedImageSchema>['data'];

export class FileUploadError extends Error {
  override readonly name = 'FileUploadError';
  constructor() {
    super(FILE_UPLOAD_FAILED);
  }
}

/**
 * Spec §7 POST /files/images/ multipart with `content` and `workspace_id`; returns data
 * (id, absolute_url). Any failure is thrown as 'File upload failed'.
 */
export async function uploadImage(
  file: File | null | undefined,
  workspaceId: string | null | undefined,
): Promise<UploadedImage> {
  const content = requireParam('content', file, 'uploadImage');
  const wsId = requireParam('workspaceId', workspaceId, 'uploadImage');
  const form = new FormData();
  form.append('content', content);
  form.append('workspace_id', wsId);
  try {
    const { data } = await api.post('/files/images/', uploadedImageSchema, {
      body: form,
      handleErrors: false,
    });
    return data;
  } catch {
    throw new FileUploadError();
  }
}
