import type { UploadData, UploadType } from '@koma/shared';
import { api } from '../../lib/api-client';

/**
 * POST /api/uploadFile/upload: multipart with `type` FIRST, then `file` (the server streams the
 * file and applies the type's limits as it arrives). Quiet: the caller shows failures (注意).
 */
export function uploadFile(
  type: UploadType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadData> {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file);
  return api.upload<UploadData>('/api/uploadFile/upload', form, { quiet: true, onProgress, signal });
}
