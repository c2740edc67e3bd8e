import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const mailSettingsKey = ['mailSettings'] as const;

/** notices.mailSettings: how each kind of notice reaches me by mail, with the digest's hour and zone. */
export function useMailSettings() {
  return useQuery({
    queryKey: mailSettingsKey,
    queryFn: ({ signal }) =>
      call('notices', 'mailSettings', undefined, { silent: true, quiet: true, signal }),
    staleTime: 0,
  });
}
