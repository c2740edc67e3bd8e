import { lazy, type ReactNode, Suspense } from 'react';

const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider (wired in vite.config.ts).
 * ConfigProvider renders it only with `tooltip={{ unique: true }}`, which Koma does not set, yet
 * its static import put the popup engine into the entry chunk; this loads it only if used.
 */
export default function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
