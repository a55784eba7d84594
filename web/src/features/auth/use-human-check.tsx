import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { TurnstileWidget } from './turnstile-widget';

/**
 * The human check of a form: the widget to show (when the administrator turned it on), the token
 * to send, and `ready()` which says "retry in a few seconds" while the token is still missing.
 */
export function useHumanCheck(): { widget: ReactNode; token: string; ready: () => boolean } {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const [token, setToken] = useState('');
  const enabled = status.turnstile_check;
  return {
    widget: enabled ? <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setToken} /> : null,
    token,
    ready: () => {
      if (!enabled || token) return true;
      toast.info(t('humanCheck.notReady'));
      return false;
    },
  };
}
