/**
 * A workspace's documents through the one API client: the list (documents and images,
 * searchable), storage usage, uploads with progress, attaching to journal entries, and
 * fetching a file's bytes with the session's token (for the preview and downloads).
 */
import useSWR, { mutate as mutateGlobal } from 'swr';
import { z } from 'zod';

import {
  API_BASE_URL,
  ApiError,
  api,
  dataEnvelope,
  paginatedEnvelope,
  PAGE_SIZE_MAX,
} from '@/lib/api-client';
import { storage } from '@/lib/storage';

import { progressPercent } from '../lib/documents';

const FILES_PATH = '/files/workspaces/{workspace_id}/';
const USAGE_PATH = '/files/workspaces/{workspace_id}/usage/';
const DOCUMENT_PATH = '/files/documents/{document_id}/';
const DOWNLOAD_PATH = '/files/documents/{document_id}/download/';
const ATTACHMENTS_PATH = '/files/documents/{document_id}/attachments/';
const ATTACHMENT_PATH = '/files/documents/{document_id}/attachments/{kind}/{target_id}/';

export const attachedDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  url: z.string(),
});
export type AttachedDocument = z.infer<typeof attachedDocumentSchema>;

export const storedFileSchema = z.object({
  id: z.string(),
  kind: z.string(),
  workspace_id: z.string(),
  name: z.string().nullable(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  tags: z.array(z.string()),
  uploader: z.object({ id: z.string(), name: z.string() }),
  created: z.string(),
  url: z.string(),
  attached_to: z.array(z.object({ kind: z.string(), id: z.string() })),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

const usageSchema = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  file_limit: z.number().nullable(),
});
export type Usage = z.infer<typeof usageSchema>;

export const documentKeys = {
  files: (ws: string) => `/files/workspaces/${ws}/`,
  usage: (ws: string) => `/files/workspaces/${ws}/usage/`,
};

export type FileSearch = { q?: string; type?: string };

/** The workspace's files, newest first (the API's largest page). */
export function useWorkspaceFiles(workspaceId: string | null, search: FileSearch = {}) {
  return useSWR(
    workspaceId ? [documentKeys.files(workspaceId), JSON.stringify(search)] : null,
    async () => {
      const page = await api.get(FILES_PATH, paginatedEnvelope(storedFileSchema), {
        params: { workspace_id: workspaceId as string },
        query: { page: '1', page_size: String(PAGE_SIZE_MAX), ...search },
      });
      return page.data;
    },
  );
}

export function useStorageUsage(workspaceId: string | null) {
  return useSWR(workspaceId ? [documentKeys.usage(workspaceId)] : null, async () => {
    const { data } = await api.get(USAGE_PATH, dataEnvelope(usageSchema), {
      params: { workspace_id: workspaceId as string },
    });
    return data;
  });
}

/** Re-reads the workspace's file list and usage everywhere they are shown. */
export async function refreshDocuments(workspaceId: string): Promise<void> {
  await mutateGlobal(
    (key) =>
      Array.isArray(key) &&
      typeof key[0] === 'string' &&
      key[0].startsWith(documentKeys.files(workspaceId)),
  );
}

/**
 * Uploads `files` in one request, reporting the percent sent. A browser's fetch cannot
 * report upload progress, so this one call goes through XMLHttpRequest, with the same
 * token and the same error shape (`ApiError`) as every other call.
 */
export function uploadDocuments(
  workspaceId: string,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<StoredFile[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/files/workspaces/${encodeURIComponent(workspaceId)}/`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(progressPercent(event.loaded, event.total));
    xhr.onerror = () => reject(new Error('File upload failed'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = dataEnvelope(z.array(storedFileSchema)).safeParse(body);
        if (parsed.success) resolve(parsed.data.data);
        else reject(new Error('File upload failed'));
        return;
      }
      reject(new ApiError(xhr.status, body, `Upload refused (${xhr.status})`));
    };
    xhr.send(form);
  });
}

export async function deleteDocument(documentId: string): Promise<void> {
  await api.delete(DOCUMENT_PATH, z.unknown(), { params: { document_id: documentId } });
}

/** What a document can back. */
export type AttachmentKind = 'journal_entry' | 'fixed_asset' | 'debt';
export type AttachmentTarget = { kind: AttachmentKind; id: string };

export async function attachDocument(documentId: string, target: AttachmentTarget): Promise<void> {
  await api.post(ATTACHMENTS_PATH, z.unknown(), {
    params: { document_id: documentId },
    body: { kind: target.kind, id: target.id },
  });
}

export async function detachDocument(documentId: string, target: AttachmentTarget): Promise<void> {
  await api.delete(ATTACHMENT_PATH, z.unknown(), {
    params: { document_id: documentId, kind: target.kind, target_id: target.id },
  });
}

/** A document's bytes. */
export function fetchDocument(documentId: string): Promise<Blob> {
  return api.download(DOWNLOAD_PATH, { params: { document_id: documentId } });
}
