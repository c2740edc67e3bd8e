// What other features may use of team invitations (features/feature-boundaries.test.ts).
export { useInvitableProjects } from './api/invitable-projects';
export { InviteMemberButton } from './components/invite-member-button';
export { PartFields, type PartValues, toPart, WHOLE_PROJECT } from './components/part-fields';
export { ProjectInvitations } from './components/project-invitations';
export { partLabel } from './lib/part-label';
