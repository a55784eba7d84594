import { isAdmin, type TaskView } from '@switchboard/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { fetchTasks } from '../../api/resources/task';
import { taskColumns } from './task-columns';
import { defaultTaskQuery } from './task-list';
import { TaskListScreen } from './task-list-screen';
import { TaskResultDialog } from './task-result-dialog';

/** /task: async tasks (spec 001 "Drawing tasks and async tasks"); administrators see everyone's. */
export default function TaskPage() {
  const { t } = useTranslation('task');
  const admin = isAdmin(useSessionUser()?.role ?? 0);
  const [shown, setShown] = useState<TaskView | null>(null);
  const columns = useMemo(() => taskColumns(t, { admin, onResult: setShown }), [t, admin]);
  return (
    <TaskListScreen
      listKey="task"
      title={t('title')}
      summary={t('summary')}
      idLabel={t('filters.taskId')}
      admin={admin}
      initialQuery={() => defaultTaskQuery(new Date())}
      fetcher={fetchTasks}
      columns={columns}
      tableTestId="task-table"
    >
      <TaskResultDialog task={shown} onClose={() => setShown(null)} />
    </TaskListScreen>
  );
}
