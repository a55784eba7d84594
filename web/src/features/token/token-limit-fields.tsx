import { useTranslation } from 'react-i18next';
import { LimitFields } from '../../components/limit-input';

/** How fast the token may be used (issue 22): requests and billed tokens per minute, 0 or empty for no limit. */
export function TokenLimitFields() {
  const { t } = useTranslation('token');
  return (
    <LimitFields
      fields={[
        { name: 'rpmLimit', label: t('drawer.rpmLimit'), hint: t('drawer.rpmLimitHint'), testId: 'token-rpm-limit' },
        {
          name: 'tpmLimit',
          label: t('drawer.tpmLimit'),
          hint: t('drawer.tpmLimitHint'),
          step: 1000,
          testId: 'token-tpm-limit',
        },
      ]}
    />
  );
}
