import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { useBusyAttempt } from '../../components/use-busy-attempt';

/**
 * A two-factor code being typed and its sending: an empty code is refused with a message, and the
 * code is cleared after a success (`clearOn: 'sent'`) or after a refusal (`'refused'`). The HTTP
 * client has already shown why a refusal happened.
 */
export function useCodeEntry(send: (code: string) => Promise<void>, clearOn: 'sent' | 'refused') {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const { busy, attempt } = useBusyAttempt();
  const submit = async () => {
    const trimmed = code.trim();
    if (!trimmed) return toast.error(t('code.required'));
    return attempt(
      async () => {
        await send(trimmed);
        if (clearOn === 'sent') setCode('');
      },
      () => {
        if (clearOn === 'refused') setCode('');
      },
    );
  };
  return { code, setCode, busy, submit };
}
