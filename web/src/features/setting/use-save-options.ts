import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import {
  changedValues,
  saveOptions,
  useRefreshAfterSave,
  type OptionValues,
  type SaveOutcome,
} from '../../api/resources/options';

/** Saves what changed and says how it went (spec 000 §5 and §8 wording). */
export function useSaveOptions() {
  const { t } = useTranslation('setting');
  const refresh = useRefreshAfterSave();
  const [saving, setSaving] = useState(false);

  const save = async (before: OptionValues, after: OptionValues): Promise<SaveOutcome> => {
    setSaving(true);
    try {
      const result = await saveOptions(changedValues(before, after));
      if (result.outcome === 'unchanged') toast.info(t('save.unchanged'));
      if (result.outcome === 'saved') toast.success(t('save.saved'));
      if (result.outcome === 'failed') toast.error(t('save.failed'));
      if (result.outcome === 'partial') toast.error(t('save.partial'));
      for (const reason of result.reasons) toast.warning(reason);
      if (result.outcome !== 'unchanged') {
        try {
          await refresh();
        } catch (error) {
          toast.error(t('save.refreshFailed', { reason: (error as Error).message }));
        }
      }
      return result.outcome;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
