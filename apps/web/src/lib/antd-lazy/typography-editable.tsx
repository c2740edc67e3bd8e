import type Editable from 'antd/es/typography/Editable';
import { type ComponentProps, lazy, Suspense } from 'react';

const RealEditable = lazy(() => import('antd/es/typography/Editable'));

/**
 * Stands in for the in-place editor of antd's Typography (wired in vite.config.ts), rendered
 * only with the `editable` prop: it brings the TextArea, which every heading and paragraph would
 * otherwise download.
 */
export default function LazyEditable(props: ComponentProps<typeof Editable>) {
  return (
    <Suspense fallback={null}>
      <RealEditable {...props} />
    </Suspense>
  );
}
