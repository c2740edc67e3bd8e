// What other features may use of the print specification and preflight (docs/print.md).
export { usePreflight } from './api/print-specs';
export { PreflightBadge } from './components/preflight-badge';
export { PreflightPanel } from './components/preflight-panel';
export { ProjectSpecPanel } from './components/project-spec-panel';
