import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBranding, usePublicText, useStatus } from '../../api/resources/status';
import { useDocumentTitle } from '../../components/use-document-title';
import { MarkdownContent, PublicContent } from './public-content';

function DefaultHome() {
  const { t } = useTranslation('home');
  const { systemName, logo } = useBranding();
  const status = useStatus();
  const navigate = useNavigate();
  const address = status.server_address || window.location.origin;
  return (
    <Flex
      vertical
      align="center"
      gap={16}
      style={{ padding: '64px 16px', textAlign: 'center' }}
      data-testid="default-home"
    >
      <img src={logo} alt={systemName} width={72} height={72} style={{ objectFit: 'contain' }} />
      <Typography.Title level={1} style={{ margin: 0 }}>
        {t('title', { name: systemName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 640 }}>
        {t('summary')}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('baseUrl')} <Typography.Text code copyable>{`${address}/v1`}</Typography.Text>
      </Typography.Paragraph>
      <Flex gap={12}>
        <Button type="primary" size="large" onClick={() => void navigate('/token')}>
          {t('start')}
        </Button>
        <Button size="large" onClick={() => void navigate('/pricing')}>
          {t('pricing')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** /: the announcement, then the administrator's home page content (Markdown or a framed page) or a default home. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { systemName } = useBranding();
  const notice = usePublicText('/api/notice');
  const content = usePublicText('/api/home_page_content');
  useDocumentTitle(systemName);

  return (
    <Flex vertical gap={16}>
      {notice.data ? (
        <Alert
          type="info"
          showIcon
          message={t('notice')}
          description={<MarkdownContent source={notice.data} />}
          data-testid="home-notice"
        />
      ) : null}
      {content.isPending ? <Spin style={{ display: 'block', padding: 48 }} /> : null}
      {content.data ? <PublicContent content={content.data} title={systemName} /> : null}
      {content.isPending || content.data ? null : <DefaultHome />}
    </Flex>
  );
}
