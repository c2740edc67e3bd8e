import { LIMITS } from '@koma/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Upload progress in percent (null when idle). Real progress events win; until one arrives the
 * indicator rises by LIMITS.uploadProgressStep every LIMITS.uploadProgressIntervalMs up to 100
 * (as the original indicator does), so a browser that reports nothing still shows movement.
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopTimer = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stopTimer();
    setPercent(0);
    timer.current = setInterval(() => {
      setPercent((p) => Math.min(100, (p ?? 0) + LIMITS.uploadProgressStep));
    }, LIMITS.uploadProgressIntervalMs);
  }, [stopTimer]);

  /** A real progress event: the fallback stops and the reported value is shown. */
  const report = useCallback(
    (value: number) => {
      stopTimer();
      setPercent(value);
    },
    [stopTimer],
  );

  const finish = useCallback(() => {
    stopTimer();
    setPercent(null);
  }, [stopTimer]);

  useEffect(() => stopTimer, [stopTimer]);

  return { percent, start, report, finish };
}
