import type { UploadType } from '@koma/shared/constants';
import { callUpload } from '../../lib/api-client';

/**
 * uploads.upload: multipart with `type` FIRST, then `file` (the server streams the file and
 * applies the type's limits as it arrives). Quiet: the caller shows failures (注意).
 */
export function uploadFile(
  type: UploadType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file);
  return callUpload('uploads', 'upload', form, undefined, { quiet: true, onProgress, signal });
}
