import { hasTaskResult, taskResultOf, type TaskView } from '@switchboard/contract';
import { Button, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { taskColumnsInOrder } from './task-shared-columns';

/** Spec 001 /task: times, duration, (channel), platform, action, task id, status, progress, fail reason and result. */
export function taskColumns(t: TFunction, admin: boolean, onResult: (task: TaskView) => void) {
  const platform: ColumnType<TaskView> = {
    title: t('columns.platform'),
    key: 'platform',
    render: (_value, task) => <Tag color="geekblue">{task.platform}</Tag>,
  };
  const result: ColumnType<TaskView> = {
    title: t('columns.result'),
    key: 'result',
    render: (_value, task) =>
      hasTaskResult(taskResultOf(task.data)) ? (
        <Button size="small" onClick={() => onResult(task)} data-testid="task-result-open">
          {t('result.open')}
        </Button>
      ) : null,
  };
  return taskColumnsInOrder<TaskView>(
    t,
    { admin, unit: 1, channelTestId: 'task-channel', taskId: (task) => task.task_id },
    [
      'submit',
      'finish',
      'duration',
      'channel',
      platform,
      'action',
      'taskId',
      'status',
      'progress',
      'failReason',
      result,
    ],
  );
}
