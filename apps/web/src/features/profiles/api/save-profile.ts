import type { ProfileBody } from '@koma/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionKey } from '../../../lib/session';

/** profiles.save: 200 shows the info (保存しました); 400 the first failing field. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody & { loginattr: number }) =>
      call('profiles', 'save', body, { successToast: true }),
    onSuccess: async () => {
      // Nickname, picture, roles and lists of the session follow the saved profile.
      // The cached profile is dropped, not just marked stale: the edit form is built once from
      // what it gets first, so reopening it must wait for the saved values.
      queryClient.removeQueries({ queryKey: queryKeys.profileDetails });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.homePage }),
      ]);
    },
  });
}
