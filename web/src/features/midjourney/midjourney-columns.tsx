import type { MidjourneyView } from '@switchboard/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { sharedTaskColumns } from '../task/task-shared-columns';
import type { MidjourneyDialog } from './midjourney-dialogs';

/** Spec 001 §4 submit codes: 1 submitted, 21 waiting, 22 duplicate, anything else not submitted. */
const codeColours: Record<number, string> = { 1: 'green', 21: 'lime', 22: 'orange' };

interface MidjourneyColumnOptions {
  admin: boolean;
  onOpen: (dialog: MidjourneyDialog) => void;
}

/** Spec 001 /midjourney: submit time, duration, (channel), action, task id, submit code, status, progress, image, prompt, fail reason. */
export function midjourneyColumns(t: TFunction, options: MidjourneyColumnOptions): ColumnsType<MidjourneyView> {
  const shared = sharedTaskColumns<MidjourneyView>(t, {
    admin: options.admin,
    unit: 1000,
    channelTestId: 'mj-channel',
    taskId: (task) => task.mj_id,
    failReasonWidth: 200,
  });
  return [
    shared.submit,
    shared.duration,
    ...shared.channels,
    shared.action,
    shared.taskId,
    {
      title: t('columns.code'),
      key: 'code',
      render: (_value, task) => (
        <Tag color={codeColours[task.code] ?? 'default'} data-testid="mj-code">
          {t(`codes.${task.code in codeColours ? task.code : 0}`)}
        </Tag>
      ),
    },
    shared.status,
    shared.progress,
    {
      title: t('columns.image'),
      key: 'image',
      render: (_value, task) =>
        task.image_url ? (
          <Button size="small" onClick={() => options.onOpen({ kind: 'image', task })} data-testid="mj-image-open">
            {t('image.open')}
          </Button>
        ) : null,
    },
    {
      title: t('columns.prompt'),
      key: 'prompt',
      width: 220,
      ellipsis: true,
      render: (_value, task) =>
        task.prompt || task.prompt_en ? (
          <Typography.Link onClick={() => options.onOpen({ kind: 'prompt', task })} data-testid="mj-prompt-open">
            {task.prompt || task.prompt_en}
          </Typography.Link>
        ) : null,
    },
    shared.failReason,
  ];
}
