import { App } from 'antd';
import { useEffect } from 'react';
import { BusyOverlay } from '../components/busy-overlay';
import { setFeedbackApis } from '../lib/feedback';

function Bridge() {
  const apis = App.useApp();
  useEffect(() => {
    setFeedbackApis(apis);
    return () => setFeedbackApis(null);
  }, [apis]);
  return null;
}

/**
 * antd's App context for toasts and dialogs, bridged to lib/feedback, plus the busy overlay.
 * Loaded on first need (see app/provider.tsx).
 */
export default function FeedbackHost() {
  return (
    <App component={false}>
      <Bridge />
      <BusyOverlay />
    </App>
  );
}
