import type { ReactNode } from 'react';
import { Card, Result, Skeleton, Space, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { canReadArea, canWriteArea, type OperatorArea } from '@lms/contract/permission.rules';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useCollegeSettings } from '../api/get-college-settings.ts';
import { ActivityLogTable } from '../components/activity-log-table.tsx';
import { CollegeSettingsForm } from '../components/college-settings-form.tsx';
import { FeeHoldPanel } from '../components/fee-hold-panel.tsx';
import { VisitorStatisticCard } from '../components/visitor-statistic-card.tsx';
import './configuration-page.css';

/** A tab other areas add to Konfigurasi (composed in app/), shown to operators who read its area. */
export interface ConfigurationTab {
  key: string;
  label: string;
  area: OperatorArea;
  render: (canWrite: boolean) => ReactNode;
}

/**
 * /konfigurasi (operators): Pengaturan (read with konfigurasi read, change with write), Tunggakan Biaya
 * (data_master), the tabs other areas add (`extraTabs`), Log Aktivitas and Statistik Pengunjung (laporan).
 */
export function ConfigurationPage({ extraTabs = [] }: { extraTabs?: ConfigurationTab[] }) {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const operator = user.role === 'operator' && !user.acting_operator;
  const permissions = user.permissions;
  const readsSettings = operator && canReadArea(permissions, 'konfigurasi');
  const readsReports = operator && canReadArea(permissions, 'laporan');
  const readsStudents = operator && canReadArea(permissions, 'data_master');
  const settings = useCollegeSettings();

  const tabs = [
    readsSettings && {
      key: 'pengaturan',
      label: 'Pengaturan',
      children: settings.data ? (
        <CollegeSettingsForm settings={settings.data} canWrite={canWriteArea(permissions, 'konfigurasi')} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      ),
    },
    readsStudents && {
      key: 'tunggakan',
      label: 'Tunggakan Biaya',
      children: <FeeHoldPanel canWrite={canWriteArea(permissions, 'data_master')} />,
    },
    ...extraTabs.map(
      (tab) =>
        operator &&
        canReadArea(permissions, tab.area) && {
          key: tab.key,
          label: tab.label,
          children: tab.render(canWriteArea(permissions, tab.area)),
        },
    ),
    readsReports && { key: 'log', label: 'Log Aktivitas', children: <ActivityLogTable /> },
  ].filter((tab) => !!tab);
  if (tabs.length === 0) {
    return (
      <Result status="403" title="Akses dibatasi" subTitle="Anda tidak memiliki akses ke Konfigurasi." />
    );
  }
  const active = tabs.some((tab) => tab.key === searchParams.get('tab'))
    ? searchParams.get('tab')!
    : tabs[0]!.key;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {readsReports ? <VisitorStatisticCard /> : null}
      <Card>
        <Tabs
          className="configuration-tabs"
          activeKey={active}
          onChange={(key) => setSearchParams({ tab: key })}
          items={tabs}
        />
      </Card>
    </Space>
  );
}
