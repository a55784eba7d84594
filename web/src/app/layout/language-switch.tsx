import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_LABELS, type Language } from '../../i18n/languages';
import { usePreferences } from '../preferences';

export function LanguageSwitch({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const { language, setLanguage } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((option) => ({
          key: option,
          label: <span data-testid={`language-${option}`}>{LANGUAGE_LABELS[option]}</span>,
        })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('header.switchLanguage')}
        data-testid="language-switch"
      >
        {compact ? null : LANGUAGE_LABELS[language]}
      </Button>
    </Dropdown>
  );
}
