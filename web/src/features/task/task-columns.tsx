import { hasTaskResult, taskResultOf, type TaskView } from '@switchboard/contract';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { sharedTaskColumns } from './task-shared-columns';

interface TaskColumnOptions {
  admin: boolean;
  onResult: (task: TaskView) => void;
}

/** Spec 001 /task: times, duration, (channel), platform, action, task id, status, progress, fail reason and result. */
export function taskColumns(t: TFunction, options: TaskColumnOptions): ColumnsType<TaskView> {
  const shared = sharedTaskColumns<TaskView>(t, {
    admin: options.admin,
    unit: 1,
    channelTestId: 'task-channel',
    taskId: (task) => task.task_id,
  });
  return [
    shared.submit,
    shared.finish,
    shared.duration,
    ...shared.channels,
    {
      title: t('columns.platform'),
      key: 'platform',
      render: (_value, task) => <Tag color="geekblue">{task.platform}</Tag>,
    },
    shared.action,
    shared.taskId,
    shared.status,
    shared.progress,
    shared.failReason,
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
