import { Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { usePublicText } from '../../api/resources/status';
import { PublicContent, isAddress } from '../home/public-content';

/** /about: the administrator's about text (Markdown or a framed page), public. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const about = usePublicText('/api/about');
  if (about.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  const content = about.data ?? '';
  if (isAddress(content)) return <PublicContent content={content} title={t('title')} />;
  return (
    <PageFrame title={t('title')}>
      <Card variant="borderless">
        {content ? (
          <PublicContent content={content} title={t('title')} />
        ) : (
          <Typography.Paragraph type="secondary" data-testid="about-unset">
            {t('unset')}
          </Typography.Paragraph>
        )}
      </Card>
    </PageFrame>
  );
}
