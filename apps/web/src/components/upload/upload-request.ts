import type { UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import type { UploadProps, UploadRef } from 'antd';
import { callUpload } from '../../lib/api-client';

/** An upload call: the file, real progress in percent, and the signal that cancels it. */
export type Send<T> = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<T>;

/**
 * uploads.upload: multipart with `type` FIRST, then `file` (the server streams the file and
 * applies the type's limits as it arrives). Quiet: the caller shows failures (注意).
 */
export function sendUpload(type: UploadType): Send<UploadData> {
  return (file, onProgress, signal) => {
    const form = new FormData();
    form.append('type', String(type));
    form.append('file', file);
    return callUpload('uploads', 'upload', form, undefined, { quiet: true, onProgress, signal });
  };
}

/**
 * antd Upload's `customRequest` made of an upload call: its progress, reply and failure go to
 * antd, which keeps the file's status. antd aborts it when the Upload unmounts or the file is
 * removed; an aborted call is not reported as a failure.
 */
export function customRequestOf<T>(send: Send<T>): NonNullable<UploadProps<T>['customRequest']> {
  return ({ file, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    send(file as File, (percent) => onProgress?.({ percent }), controller.signal).then(
      (data) => onSuccess?.(data),
      (error: Error) => {
        if (!controller.signal.aborted) onError?.(error);
      },
    );
    return { abort: () => controller.abort() };
  };
}

/**
 * Opens an Upload's file dialog from the button inside it (the Upload has
 * `openFileDialogOnClick={false}`): antd's own click handler blurs a clicked <button>, which
 * drops the focus on the page body.
 */
export function openFileDialog(upload: UploadRef | null): void {
  upload?.nativeElement?.querySelector<HTMLInputElement>('input[type="file"]')?.click();
}
