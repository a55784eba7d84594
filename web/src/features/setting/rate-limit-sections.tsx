import { optionCatalogue, optionValueProblem, type OptionKey } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from './option-fields';
import { OptionSection } from './option-section';
import type { OptionValues } from './options-api';

const requestLimitFields = fieldsOf([
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitGroup',
]);
const wholeNumberKeys: OptionKey[] = ['ModelRequestRateLimitDurationMinutes', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount'];
const groupTpmFields = fieldsOf(['GroupTpmLimit']);

/**
 * The operations limits of issue 22: the reference's model request rate limit per user (with group
 * overrides) and each group's tokens per minute. Per-token and per-channel limits live in their editors.
 */
export function RateLimitSections({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');
  // The server's own rule for each count (whole number, its least value), worded for the field.
  const checkCounts = (after: OptionValues): string | null => {
    const refused = wholeNumberKeys.find((key) => optionValueProblem(key, after[key] ?? '') !== null);
    if (!refused) return null;
    const least: { min?: number } = optionCatalogue[refused];
    return t('validation.wholeNumber', { field: t(`options.${refused}`), min: least.min ?? 0 });
  };
  return (
    <>
      <OptionSection
        name="modelRequestRateLimit"
        fields={requestLimitFields}
        options={options}
        check={checkCounts}
        description={
          <>
            {t('rateLimit.description')}
            <br />
            {t('rateLimit.groupHelp')}
          </>
        }
      />
      <OptionSection name="groupTpmLimit" fields={groupTpmFields} options={options} description={t('rateLimit.groupTpmHelp')} />
    </>
  );
}
