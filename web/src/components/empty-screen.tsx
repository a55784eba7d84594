import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame, type PageFrameProps } from './page-frame';

/** A page's title above an empty state: what a screen shows before its area is built. */
export function EmptyScreen({ title, summary }: Pick<PageFrameProps, 'title' | 'summary'>) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title} summary={summary}>
      <Card variant="borderless" styles={{ body: { padding: '64px 24px' } }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:empty.noContent')} />
      </Card>
    </PageFrame>
  );
}
