import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';

/**
 * A two-factor code being typed and its sending: an empty code is refused with a message, and the
 * code is cleared after a success (`clearOn: 'sent'`) or after a refusal (`'refused'`). The HTTP
 * client has already shown why a refusal happened.
 */
export function useCodeEntry(send: (code: string) => Promise<void>, clearOn: 'sent' | 'refused') {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const trimmed = code.trim();
    if (!trimmed) return toast.error(t('code.required'));
    setBusy(true);
    try {
      await send(trimmed);
      if (clearOn === 'sent') setCode('');
    } catch {
      if (clearOn === 'refused') setCode('');
    } finally {
      setBusy(false);
    }
  };
  return { code, setCode, busy, submit };
}
