import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from './feedback';

/** Hands antd's context-bound message and modal instances to code outside React. */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    registerFeedback(api);
    return () => registerFeedback(null);
  }, [api]);
  return null;
}
