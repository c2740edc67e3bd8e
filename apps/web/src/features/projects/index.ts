// What other features may use of projects (features/feature-boundaries.test.ts).
export { useProjectDetail } from './api/project-detail';
export { type RecruitTarget, useRecruitDetail } from './api/recruit-detail';
