import { isAdmin, MIDJOURNEY_DEFAULT_LOOKBACK_MS } from '@switchboard/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { fetchMidjourneys } from '../../api/resources/task';
import { defaultMidjourneyQuery } from '../task/task-list';
import { TaskListScreen } from '../task/task-list-screen';
import { midjourneyColumns } from './midjourney-columns';
import { MidjourneyDialogs, type MidjourneyDialog } from './midjourney-dialogs';

/** /midjourney: drawing tasks (spec 001 "Drawing tasks and async tasks"); administrators see everyone's. */
export default function MidjourneyPage() {
  const { t } = useTranslation('midjourney');
  const admin = isAdmin(useSessionUser()?.role ?? 0);
  const [dialog, setDialog] = useState<MidjourneyDialog>(null);
  const columns = useMemo(() => midjourneyColumns(t, { admin, onOpen: setDialog }), [t, admin]);
  return (
    <TaskListScreen
      listKey="midjourney"
      title={t('title')}
      summary={t('summary')}
      idLabel={t('filters.taskId')}
      admin={admin}
      initialQuery={() => defaultMidjourneyQuery(new Date(), MIDJOURNEY_DEFAULT_LOOKBACK_MS)}
      fetcher={fetchMidjourneys}
      columns={columns}
      tableTestId="mj-table"
    >
      <MidjourneyDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </TaskListScreen>
  );
}
