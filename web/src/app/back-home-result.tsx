import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface BackHomeResultProps {
  status: '403' | '404';
  title: string;
  description: string;
}

/** A page that cannot be shown (no permission, no such page): why, and a button back to the home page. */
export function BackHomeResult({ status, title, description }: BackHomeResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={description}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
