import { taskResultOf, type TaskResultLink, type TaskView } from '@switchboard/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../components/view-dialog';

function LinkSection({ title, links, testId }: { title: string; links: TaskResultLink[]; testId: string }) {
  const { t } = useTranslation('task');
  if (links.length === 0) return null;
  return (
    <section>
      <Typography.Title level={5}>{title}</Typography.Title>
      {links.map((link, index) => (
        <div key={link.url}>
          <Typography.Link href={link.url} target="_blank" rel="noreferrer" data-testid={testId}>
            {link.title || t('result.item', { number: index + 1 })}
          </Typography.Link>
        </div>
      ))}
    </section>
  );
}

/** The result of a finished async task: audio and video links and lyrics texts (Suno music and lyrics, videos). */
export function TaskResultDialog({ task, onClose }: { task: TaskView | null; onClose: () => void }) {
  const { t } = useTranslation('task');
  const result = taskResultOf(task?.data);
  return (
    <ViewDialog open={task !== null} title={t('result.title', { id: task?.task_id ?? '' })} onClose={onClose}>
      <Flex vertical gap={12} data-testid="task-result-dialog">
        <LinkSection title={t('result.audio')} links={result.audios} testId="task-result-audio" />
        <LinkSection title={t('result.video')} links={result.videos} testId="task-result-video" />
        {result.lyrics.map((lyrics, index) => (
          <section key={`${lyrics.title}-${index}`}>
            <Typography.Title level={5}>
              {lyrics.title ? t('result.lyricsOf', { title: lyrics.title }) : t('result.lyrics')}
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="task-result-lyrics">
              {lyrics.text}
            </Typography.Paragraph>
          </section>
        ))}
      </Flex>
    </ViewDialog>
  );
}
