import { api } from '../../../lib/api-client';

/**
 * POST /api/project/dealInvitEditor {projectId, checkStatus 1 accept | 2 refuse}: the invitation
 * to be a project's editor in charge. Success (status 0 or 200) shows the info.
 */
export function dealInvitation(projectId: number, checkStatus: 1 | 2) {
  return api.postReply<null>(
    '/api/project/dealInvitEditor',
    { projectId, checkStatus },
    { successToast: true },
  );
}
