import type { NoticeMailSettings } from '@koma/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { mailSettingsKey } from './get-mail-settings';

/** notices.saveMailSettings: 200 keeps the saved values as the ones shown; 400 names the bad field. */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeMailSettings) => call('notices', 'saveMailSettings', body),
    onSuccess: (_data, body) => queryClient.setQueryData(mailSettingsKey, body),
  });
}
