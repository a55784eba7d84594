import type { TaskView } from '@switchboard/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTasks } from '../../api/resources/task';
import { taskColumns } from './task-columns';
import { defaultTaskQuery } from './task-list';
import { TaskListScreen } from './task-list-screen';
import { TaskResultDialog } from './task-result-dialog';

/** /task: async tasks (spec 001 "Drawing tasks and async tasks"). */
export default function TaskPage() {
  const { t } = useTranslation('task');
  const [shown, setShown] = useState<TaskView | null>(null);
  const columns = useCallback((admin: boolean) => taskColumns(t, admin, setShown), [t]);
  return (
    <TaskListScreen
      listKey="task"
      initialQuery={() => defaultTaskQuery(new Date())}
      fetcher={fetchTasks}
      columns={columns}
      tableTestId="task-table"
    >
      <TaskResultDialog task={shown} onClose={() => setShown(null)} />
    </TaskListScreen>
  );
}
