import { callReply } from '../../../lib/api-client';

/**
 * projects.answer {projectId, checkStatus 1 accept | 2 refuse}: the invitation to be a project's
 * editor in charge. Success shows the reply's info.
 */
export function dealInvitation(projectId: number, checkStatus: 1 | 2) {
  return callReply('projects', 'answer', { projectId, checkStatus }, { successToast: true });
}
