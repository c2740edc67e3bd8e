import type { TooltipProps } from 'antd';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('antd/es/tooltip'));

/**
 * Stands in for antd's Tooltip inside Form.Item labels (wired in vite.config.ts). antd's form
 * label imports Tooltip for its optional `tooltip` prop, which would put the whole popup engine
 * into every form screen's first load; this loads it only when a label actually has a tooltip.
 */
export default function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
