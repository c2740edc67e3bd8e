import { LIMITS, type UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { showLoggedOutDialog } from '../../lib/feedback';
import { i18n } from '../../lib/i18n';
import { checkFile } from './check-file';
import { uploadFile } from './upload-file';

export interface QueuedUpload {
  uid: number;
  name: string;
  /** 0–100 while uploading. */
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  /** Why it failed (the client check's message, or アップロード失敗). */
  problem?: string;
}

/** How long a finished row stays visible. */
const DONE_VISIBLE_MS = 3000;

/**
 * Several uploads at once, each with its own progress (real progress events; until one arrives
 * the indicator rises by LIMITS.uploadProgressStep every LIMITS.uploadProgressIntervalMs), then
 * `register` (e.g. POST /api/file/add, called quietly). Any failure marks the row アップロード失敗
 * (an alert, read out by assistive tech).
 */
export function useUploadQueue(uploadType: UploadType, register: (data: UploadData) => Promise<unknown>) {
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const nextUid = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setInterval>>());
  const registerRef = useRef(register);
  registerRef.current = register;

  const update = useCallback((uid: number, patch: Partial<QueuedUpload>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  }, []);

  const stopTimer = useCallback((uid: number) => {
    const timer = timers.current.get(uid);
    if (timer) clearInterval(timer);
    timers.current.delete(uid);
  }, []);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearInterval(timer);
      all.clear();
    };
  }, []);

  const add = useCallback(
    async (file: File) => {
      const uid = nextUid.current++;
      const issue = checkFile(file, 'file');
      if (issue) {
        setItems((list) => [
          ...list,
          { uid, name: file.name, percent: 0, state: 'failed', problem: i18n.t(`validation.${issue}`) },
        ]);
        return;
      }
      setItems((list) => [...list, { uid, name: file.name, percent: 0, state: 'uploading' }]);
      timers.current.set(
        uid,
        setInterval(() => {
          setItems((list) =>
            list.map((item) =>
              item.uid === uid
                ? { ...item, percent: Math.min(99, item.percent + LIMITS.uploadProgressStep) }
                : item,
            ),
          );
        }, LIMITS.uploadProgressIntervalMs),
      );
      try {
        const data = await uploadFile(uploadType, file, (percent) => {
          stopTimer(uid);
          update(uid, { percent });
        });
        await registerRef.current(data);
        stopTimer(uid);
        update(uid, { percent: 100, state: 'done' });
        setTimeout(() => setItems((list) => list.filter((item) => item.uid !== uid)), DONE_VISIBLE_MS);
      } catch (error) {
        stopTimer(uid);
        const failed = i18n.t('validation.uploadFailed');
        update(uid, { state: 'failed', problem: failed });
        if (error instanceof ApiError && error.loggedOut) showLoggedOutDialog();
      }
    },
    [uploadType, stopTimer, update],
  );

  const dismiss = useCallback((uid: number) => {
    setItems((list) => list.filter((item) => item.uid !== uid));
  }, []);

  return { items, add, dismiss };
}
