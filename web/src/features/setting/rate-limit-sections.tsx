import { useTranslation } from 'react-i18next';
import { fieldsOf } from './option-fields';
import { OptionSection } from './option-section';
import type { OptionValues } from '../../api/resources/options';

const requestLimitFields = fieldsOf([
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitGroup',
]);
const groupTpmFields = fieldsOf(['GroupTpmLimit']);

/**
 * The operations limits of issue 22: the reference's model request rate limit per user (with group
 * overrides) and each group's tokens per minute. Per-token and per-channel limits live in their editors.
 */
export function RateLimitSections({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');
  return (
    <>
      <OptionSection
        name="modelRequestRateLimit"
        fields={requestLimitFields}
        options={options}
        description={
          <>
            {t('rateLimit.description')}
            <br />
            {t('rateLimit.groupHelp')}
          </>
        }
      />
      <OptionSection
        name="groupTpmLimit"
        fields={groupTpmFields}
        options={options}
        description={t('rateLimit.groupTpmHelp')}
      />
    </>
  );
}
