import type { TabsProps } from 'antd';
import { lazy, Suspense } from 'react';

const Tabs = lazy(() => import('antd/es/tabs'));

/**
 * Stands in for antd's Tabs inside Card (wired in vite.config.ts), rendered only with the
 * `tabList` prop, which Koma does not use: the tab engine stays out of every screen with a card.
 */
export default function LazyTabs(props: TabsProps) {
  return (
    <Suspense fallback={null}>
      <Tabs {...props} />
    </Suspense>
  );
}
