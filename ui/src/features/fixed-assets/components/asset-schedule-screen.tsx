import { Tabs } from '@mantine/core';

import { useBooksPermissions } from '@/features/accounting';

import { AssetRegister } from './asset-register';
import { DepreciationRuns } from './depreciation-runs';
import { PeriodScheduleReport } from './period-schedule-report';

/** The asset schedule screen: the register, the monthly runs and the period's schedule. */
export function AssetScheduleScreen() {
  const { canPost } = useBooksPermissions();
  return (
    <Tabs defaultValue="register" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="register">Assets</Tabs.Tab>
        <Tabs.Tab value="runs">Depreciation runs</Tabs.Tab>
        <Tabs.Tab value="schedule">Period schedule</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="register">
        <AssetRegister canPost={canPost} />
      </Tabs.Panel>
      <Tabs.Panel value="runs">
        <DepreciationRuns canPost={canPost} />
      </Tabs.Panel>
      <Tabs.Panel value="schedule">
        <PeriodScheduleReport />
      </Tabs.Panel>
    </Tabs>
  );
}
