import { TASK_SLOW_SECONDS, taskDurationSeconds } from '@switchboard/contract';
import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';

/** Spec 001 §4 statuses of drawing and async tasks; '' is a task still being submitted. */
const statusColours: Record<string, string> = {
  SUCCESS: 'green',
  NOT_START: 'default',
  SUBMITTED: 'gold',
  QUEUED: 'orange',
  IN_PROGRESS: 'blue',
  FAILURE: 'red',
  MODAL: 'purple',
  UNKNOWN: 'default',
  '': 'cyan',
};

export function TaskStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('task');
  const known = status in statusColours;
  return (
    <Tag color={statusColours[status] ?? 'default'} data-testid="task-status">
      {known ? t(`status.${status || 'SUBMITTING'}`) : status}
    </Tag>
  );
}

/** "45%" as a progress bar; a failed task's bar is red. */
export function TaskProgress({ progress, status }: { progress: string; status: string }) {
  const percent = Number.parseInt(progress, 10);
  if (!progress || Number.isNaN(percent)) return null;
  return (
    <Progress
      percent={percent}
      size="small"
      status={status === 'FAILURE' ? 'exception' : undefined}
      style={{ width: 120 }}
    />
  );
}

/** A time of the table; `unit` 1000 for the milliseconds of drawing tasks; nothing for 0. */
export const taskTime = (value: number, unit: 1 | 1000) => (value ? formatTime(Math.floor(value / unit)) : null);

/** Submit to finish in seconds, red when it took longer than a minute. */
export function TaskDuration({
  submitTime,
  finishTime,
  unit,
}: {
  submitTime: number;
  finishTime: number;
  unit: 1 | 1000;
}) {
  const { t } = useTranslation('task');
  const seconds = taskDurationSeconds(submitTime, finishTime, unit);
  if (seconds === null) return null;
  const slow = seconds > TASK_SLOW_SECONDS;
  return (
    <Tag color={slow ? 'red' : 'green'} data-testid="task-duration" data-slow={slow}>
      {t('duration', { seconds })}
    </Tag>
  );
}
