import type { SkeletonProps } from 'antd';
import { lazy, Suspense } from 'react';

const Skeleton = lazy(() => import('antd/es/skeleton'));

/**
 * Stands in for antd's Skeleton inside Card (wired in vite.config.ts), rendered only with the
 * `loading` prop, which Koma does not use.
 */
export default function LazySkeleton(props: SkeletonProps) {
  return (
    <Suspense fallback={null}>
      <Skeleton {...props} />
    </Suspense>
  );
}
