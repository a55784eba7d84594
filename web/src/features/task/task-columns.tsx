import { hasTaskResult, taskResultOf, type TaskView } from '@switchboard/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { TaskDuration, TaskProgress, TaskStatusTag, taskTime } from './task-cells';

interface TaskColumnOptions {
  admin: boolean;
  onResult: (task: TaskView) => void;
}

/** Spec 001 /task: times, duration, (channel), platform, action, task id, status, progress, fail reason and result. */
export function taskColumns(t: TFunction, options: TaskColumnOptions): ColumnsType<TaskView> {
  const channel: ColumnsType<TaskView>[number] = {
    title: t('columns.channel'),
    key: 'channel',
    render: (_value, task) => <Tag data-testid="task-channel">{task.channel_id}</Tag>,
  };
  return [
    { title: t('columns.submitTime'), key: 'submit', render: (_value, task) => taskTime(task.submit_time, 1) },
    { title: t('columns.finishTime'), key: 'finish', render: (_value, task) => taskTime(task.finish_time, 1) },
    {
      title: t('columns.duration'),
      key: 'duration',
      render: (_value, task) => <TaskDuration submitTime={task.submit_time} finishTime={task.finish_time} unit={1} />,
    },
    ...(options.admin ? [channel] : []),
    {
      title: t('columns.platform'),
      key: 'platform',
      render: (_value, task) => <Tag color="geekblue">{task.platform}</Tag>,
    },
    {
      title: t('columns.action'),
      key: 'action',
      render: (_value, task) =>
        task.action ? <Tag color="blue">{t(`actions.${task.action}`, { defaultValue: task.action })}</Tag> : null,
    },
    {
      title: t('columns.taskId'),
      key: 'taskId',
      render: (_value, task) => <Typography.Text copyable>{task.task_id}</Typography.Text>,
    },
    { title: t('columns.status'), key: 'status', render: (_value, task) => <TaskStatusTag status={task.status} /> },
    {
      title: t('columns.progress'),
      key: 'progress',
      render: (_value, task) => <TaskProgress progress={task.progress} status={task.status} />,
    },
    {
      title: t('columns.failReason'),
      key: 'failReason',
      ellipsis: true,
      render: (_value, task) =>
        task.fail_reason ? (
          <Typography.Text type="danger" title={task.fail_reason}>
            {task.fail_reason}
          </Typography.Text>
        ) : null,
    },
    {
      title: t('columns.result'),
      key: 'result',
      render: (_value, task) =>
        hasTaskResult(taskResultOf(task.data)) ? (
          <Button size="small" onClick={() => options.onResult(task)} data-testid="task-result-open">
            {t('result.open')}
          </Button>
        ) : null,
    },
  ];
}
