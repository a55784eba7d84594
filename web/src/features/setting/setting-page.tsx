import { isRoot } from '@switchboard/contract';
import { Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../api/session';
import { PageFrame } from '../../components/page-frame';
import { OperationTab } from './operation-tab';
import { useOptions, type OptionValues } from '../../api/resources/options';
import { OtherTab } from './other-tab';
import PersonalTab from './personal/personal-tab';
import { SystemTab } from './system-tab';

const ROOT_TABS = ['operation', 'system', 'other'] as const;

/** The option tabs load every option once; they render when it has arrived. */
function WithOptions({ render }: { render: (options: OptionValues) => ReactNode }) {
  const query = useOptions();
  if (!query.data) return <Spin spinning={query.isPending} style={{ display: 'block', padding: 48 }} />;
  return <>{render(query.data)}</>;
}

/** /setting?tab=personal|operation|system|other: the operation, system and other tabs are for super admins only. */
export default function SettingPage() {
  const { t } = useTranslation('setting');
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const root = user ? isRoot(user.role) : false;
  const requested = searchParams.get('tab') ?? 'personal';
  const active = root && (ROOT_TABS as readonly string[]).includes(requested) ? requested : 'personal';

  const items = [
    { key: 'personal', label: t('tabs.personal'), children: <PersonalTab /> },
    ...(root
      ? [
          {
            key: 'operation',
            label: t('tabs.operation'),
            children: <WithOptions render={(options) => <OperationTab options={options} />} />,
          },
          {
            key: 'system',
            label: t('tabs.system'),
            children: <WithOptions render={(options) => <SystemTab options={options} />} />,
          },
          {
            key: 'other',
            label: t('tabs.other'),
            children: <WithOptions render={(options) => <OtherTab options={options} />} />,
          },
        ]
      : []),
  ];

  return (
    <PageFrame title={t('title')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ tab: key })}
        items={items}
        destroyOnHidden
        data-testid="setting-tabs"
      />
    </PageFrame>
  );
}
