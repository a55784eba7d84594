import { safeLink, type MidjourneyView } from '@switchboard/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../components/view-dialog';

/** What the table opens: the image of a task or its prompts. */
export type MidjourneyDialog =
  { kind: 'image'; task: MidjourneyView } | { kind: 'prompt'; task: MidjourneyView } | null;

/** The task's image at full width, with a link to open it on its own. */
function ImageDialog({ task, onClose }: { task: MidjourneyView; onClose: () => void }) {
  const { t } = useTranslation('midjourney');
  const url = safeLink(new URL(task.image_url, window.location.origin).href);
  return (
    <ViewDialog open title={t('image.title', { id: task.mj_id })} width={720} onClose={onClose}>
      <Flex vertical gap={8} data-testid="mj-image-dialog">
        <img
          src={url}
          alt={task.prompt || task.mj_id}
          style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 auto' }}
          data-testid="mj-image"
        />
        <Typography.Link href={url} target="_blank" rel="noreferrer">
          {t('image.original')}
        </Typography.Link>
      </Flex>
    </ViewDialog>
  );
}

/** The prompt as submitted and its English version as the upstream read it. */
function PromptDialog({ task, onClose }: { task: MidjourneyView; onClose: () => void }) {
  const { t } = useTranslation('midjourney');
  const block = (label: string, text: string, testId: string) => (
    <section>
      <Typography.Title level={5}>{label}</Typography.Title>
      <Typography.Paragraph copyable={text ? { text } : false} style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {text || t('prompt.none')}
      </Typography.Paragraph>
    </section>
  );
  return (
    <ViewDialog open title={t('prompt.title', { id: task.mj_id })} onClose={onClose}>
      <Flex vertical gap={8} data-testid="mj-prompt-dialog">
        {block(t('prompt.original'), task.prompt, 'mj-prompt')}
        {block(t('prompt.english'), task.prompt_en, 'mj-prompt-en')}
      </Flex>
    </ViewDialog>
  );
}

export function MidjourneyDialogs({ dialog, onClose }: { dialog: MidjourneyDialog; onClose: () => void }) {
  if (dialog?.kind === 'image') return <ImageDialog task={dialog.task} onClose={onClose} />;
  if (dialog?.kind === 'prompt') return <PromptDialog task={dialog.task} onClose={onClose} />;
  return null;
}
