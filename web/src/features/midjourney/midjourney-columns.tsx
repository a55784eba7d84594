import type { MidjourneyView } from '@switchboard/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { taskColumnsInOrder } from '../task/task-shared-columns';
import type { MidjourneyDialog } from './midjourney-dialogs';

/** Spec 001 §4 submit codes: 1 submitted, 21 waiting, 22 duplicate, anything else not submitted. */
const codeColours: Record<number, string> = { 1: 'green', 21: 'lime', 22: 'orange' };

/** Spec 001 /midjourney: submit time, duration, (channel), action, task id, submit code, status, progress, image, prompt, fail reason. */
export function midjourneyColumns(t: TFunction, admin: boolean, onOpen: (dialog: MidjourneyDialog) => void) {
  const code: ColumnType<MidjourneyView> = {
    title: t('columns.code'),
    key: 'code',
    render: (_value, task) => (
      <Tag color={codeColours[task.code] ?? 'default'} data-testid="mj-code">
        {t(`codes.${task.code in codeColours ? task.code : 0}`)}
      </Tag>
    ),
  };
  const image: ColumnType<MidjourneyView> = {
    title: t('columns.image'),
    key: 'image',
    render: (_value, task) =>
      task.image_url ? (
        <Button size="small" onClick={() => onOpen({ kind: 'image', task })} data-testid="mj-image-open">
          {t('image.open')}
        </Button>
      ) : null,
  };
  const prompt: ColumnType<MidjourneyView> = {
    title: t('columns.prompt'),
    key: 'prompt',
    width: 220,
    ellipsis: true,
    render: (_value, task) =>
      task.prompt || task.prompt_en ? (
        <Typography.Link onClick={() => onOpen({ kind: 'prompt', task })} data-testid="mj-prompt-open">
          {task.prompt || task.prompt_en}
        </Typography.Link>
      ) : null,
  };
  return taskColumnsInOrder<MidjourneyView>(
    t,
    { admin, unit: 1000, channelTestId: 'mj-channel', taskId: (task) => task.mj_id, failReasonWidth: 200 },
    ['submit', 'duration', 'channel', 'action', 'taskId', code, 'status', 'progress', image, prompt, 'failReason'],
  );
}
