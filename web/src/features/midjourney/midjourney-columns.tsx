import type { MidjourneyView } from '@switchboard/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { TaskDuration, TaskProgress, TaskStatusTag, taskTime } from '../task/task-cells';
import type { MidjourneyDialog } from './midjourney-dialogs';

/** Spec 001 §4 submit codes: 1 submitted, 21 waiting, 22 duplicate, anything else not submitted. */
const codeColours: Record<number, string> = { 1: 'green', 21: 'lime', 22: 'orange' };

interface MidjourneyColumnOptions {
  admin: boolean;
  onOpen: (dialog: MidjourneyDialog) => void;
}

/** Spec 001 /midjourney: submit time, duration, (channel), action, task id, submit code, status, progress, image, prompt, fail reason. */
export function midjourneyColumns(t: TFunction, options: MidjourneyColumnOptions): ColumnsType<MidjourneyView> {
  const channel: ColumnsType<MidjourneyView>[number] = {
    title: t('columns.channel'),
    key: 'channel',
    render: (_value, task) => <Tag data-testid="mj-channel">{task.channel_id}</Tag>,
  };
  return [
    { title: t('columns.submitTime'), key: 'submit', render: (_value, task) => taskTime(task.submit_time, 1000) },
    {
      title: t('columns.duration'),
      key: 'duration',
      render: (_value, task) => (
        <TaskDuration submitTime={task.submit_time} finishTime={task.finish_time} unit={1000} />
      ),
    },
    ...(options.admin ? [channel] : []),
    {
      title: t('columns.action'),
      key: 'action',
      render: (_value, task) =>
        task.action ? <Tag color="blue">{t(`actions.${task.action}`, { defaultValue: task.action })}</Tag> : null,
    },
    {
      title: t('columns.taskId'),
      key: 'taskId',
      render: (_value, task) => <Typography.Text copyable>{task.mj_id}</Typography.Text>,
    },
    {
      title: t('columns.code'),
      key: 'code',
      render: (_value, task) => (
        <Tag color={codeColours[task.code] ?? 'default'} data-testid="mj-code">
          {t(`codes.${task.code in codeColours ? task.code : 0}`)}
        </Tag>
      ),
    },
    { title: t('columns.status'), key: 'status', render: (_value, task) => <TaskStatusTag status={task.status} /> },
    {
      title: t('columns.progress'),
      key: 'progress',
      render: (_value, task) => <TaskProgress progress={task.progress} status={task.status} />,
    },
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
    {
      title: t('columns.failReason'),
      key: 'failReason',
      width: 200,
      ellipsis: true,
      render: (_value, task) =>
        task.fail_reason ? (
          <Typography.Text type="danger" title={task.fail_reason}>
            {task.fail_reason}
          </Typography.Text>
        ) : null,
    },
  ];
}
