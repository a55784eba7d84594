import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { TaskDuration, TaskProgress, TaskStatusTag, taskTime } from './task-cells';

/** The fields a drawing task and an async task both carry. */
interface TaskRowFields {
  channel_id: number;
  action: string;
  status: string;
  progress: string;
  fail_reason: string;
  submit_time: number;
  finish_time: number;
}

interface SharedColumnOptions<Row> {
  /** only administrators see the channel column */
  admin: boolean;
  /** 1000 for the milliseconds of drawing tasks */
  unit: 1 | 1000;
  channelTestId: string;
  taskId: (task: Row) => string;
  failReasonWidth?: number;
}

type SharedColumnName =
  'submit' | 'finish' | 'duration' | 'channel' | 'action' | 'taskId' | 'status' | 'progress' | 'failReason';

/** A /midjourney or /task table's columns in `order`: the ones both pages show by name, each page's own as they are. */
export function taskColumnsInOrder<Row extends TaskRowFields>(
  t: TFunction,
  options: SharedColumnOptions<Row>,
  order: (SharedColumnName | ColumnsType<Row>[number])[],
): ColumnsType<Row> {
  const shared = sharedTaskColumns(t, options);
  return order.flatMap((column) => {
    if (typeof column !== 'string') return [column];
    if (column === 'channel') return options.admin ? [shared.channel] : [];
    return [shared[column]];
  });
}

function sharedTaskColumns<Row extends TaskRowFields>(t: TFunction, options: SharedColumnOptions<Row>) {
  type Column = ColumnsType<Row>[number];
  const channel: Column = {
    title: t('columns.channel'),
    key: 'channel',
    render: (_value, task) => <Tag data-testid={options.channelTestId}>{task.channel_id}</Tag>,
  };
  const submit: Column = {
    title: t('columns.submitTime'),
    key: 'submit',
    render: (_value, task) => taskTime(task.submit_time, options.unit),
  };
  const finish: Column = {
    title: t('columns.finishTime'),
    key: 'finish',
    render: (_value, task) => taskTime(task.finish_time, options.unit),
  };
  const duration: Column = {
    title: t('columns.duration'),
    key: 'duration',
    render: (_value, task) => (
      <TaskDuration submitTime={task.submit_time} finishTime={task.finish_time} unit={options.unit} />
    ),
  };
  const action: Column = {
    title: t('columns.action'),
    key: 'action',
    render: (_value, task) =>
      task.action ? <Tag color="blue">{t(`actions.${task.action}`, { defaultValue: task.action })}</Tag> : null,
  };
  const taskId: Column = {
    title: t('columns.taskId'),
    key: 'taskId',
    render: (_value, task) => <Typography.Text copyable>{options.taskId(task)}</Typography.Text>,
  };
  const status: Column = {
    title: t('columns.status'),
    key: 'status',
    render: (_value, task) => <TaskStatusTag status={task.status} />,
  };
  const progress: Column = {
    title: t('columns.progress'),
    key: 'progress',
    render: (_value, task) => <TaskProgress progress={task.progress} status={task.status} />,
  };
  const failReason: Column = {
    title: t('columns.failReason'),
    key: 'failReason',
    ...(options.failReasonWidth ? { width: options.failReasonWidth } : {}),
    ellipsis: true,
    render: (_value, task) =>
      task.fail_reason ? (
        <Typography.Text type="danger" title={task.fail_reason}>
          {task.fail_reason}
        </Typography.Text>
      ) : null,
  };
  return { submit, finish, duration, channel, action, taskId, status, progress, failReason };
}
