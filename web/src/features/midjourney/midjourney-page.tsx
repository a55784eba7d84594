import { MIDJOURNEY_DEFAULT_LOOKBACK_MS } from '@switchboard/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMidjourneys } from '../../api/resources/task';
import { defaultMidjourneyQuery } from '../task/task-list';
import { TaskListScreen } from '../task/task-list-screen';
import { midjourneyColumns } from './midjourney-columns';
import { MidjourneyDialogs, type MidjourneyDialog } from './midjourney-dialogs';

/** /midjourney: drawing tasks (spec 001 "Drawing tasks and async tasks"). */
export default function MidjourneyPage() {
  const { t } = useTranslation('midjourney');
  const [dialog, setDialog] = useState<MidjourneyDialog>(null);
  const columns = useCallback((admin: boolean) => midjourneyColumns(t, admin, setDialog), [t]);
  return (
    <TaskListScreen
      listKey="midjourney"
      initialQuery={() => defaultMidjourneyQuery(new Date(), MIDJOURNEY_DEFAULT_LOOKBACK_MS)}
      fetcher={fetchMidjourneys}
      columns={columns}
      tableTestId="mj-table"
    >
      <MidjourneyDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </TaskListScreen>
  );
}
