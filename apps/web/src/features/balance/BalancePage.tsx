import { Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import { useIsMobile } from '../../lib/useIsMobile';
import { PlanChooserModal } from '../billing/PlanChooserModal';
import { NotFoundPage } from '../status/NotFoundPage';
import { WellnessBlockDrawerRoute } from '../wellness-blocks/WellnessBlockDrawer';
import { WellnessBlocksList } from '../wellness-blocks/WellnessBlocksList';
import { AutoBalanceView } from './action/AutoBalanceView';
import { EvaluationView } from './evaluation/EvaluationView';

export const BALANCE_TABS = [
  { value: 'action', label: 'Auto-balance', mobileLabel: 'Auto-balance' },
  { value: 'evaluation', label: 'Meeting evaluations', mobileLabel: 'Evaluations' },
  { value: 'wellness-blocks', label: 'Wellness blocks', mobileLabel: 'Blocks' },
] as const;

export type BalanceView = (typeof BALANCE_TABS)[number]['value'];

export const BALANCE_PATH = '/my/balance';
export const WELLNESS_BLOCKS_PATH = `${BALANCE_PATH}/wellness-blocks`;
export const CHOOSE_PLAN_SUBVIEW = 'choose-plan';

/**
 * /my/balance/:view — Auto-balance (action), Meeting evaluations (evaluation), Wellness blocks; the sub-view
 * choose-plan opens the plan chooser over the action view (so does the view choose-plan, /my/balance/choose-plan),
 * and wellness-blocks/block/:blockId the block drawer.
 */
export function BalancePage() {
  usePageTitle('Balance');
  const params = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();

  // balance/wellness-blocks/block/:blockId has no :view param.
  const planView = params.view === CHOOSE_PLAN_SUBVIEW && !params.subView;
  const view = params.blockId ? 'wellness-blocks' : planView ? 'action' : params.view;
  if (!view) return <Navigate to={`${BALANCE_PATH}/action`} replace />;
  const tab = BALANCE_TABS.find((item) => item.value === view);
  if (!tab) return <NotFoundPage />;
  const choosingPlan = planView || params.subView === CHOOSE_PLAN_SUBVIEW;
  if (params.subView && !(view === 'action' && choosingPlan)) return <NotFoundPage />;

  return (
    <>
      <PageHeader title="Balance" />
      <Tabs
        value={tab.value}
        onChange={(next) => next && navigate(`${BALANCE_PATH}/${next}`)}
        keepMounted={false}
      >
        <Tabs.List mb="lg" grow={mobile} data-tour="balance">
          {BALANCE_TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {mobile ? item.mobileLabel : item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="action">
          <AutoBalanceView />
        </Tabs.Panel>
        <Tabs.Panel value="evaluation">
          <EvaluationView />
        </Tabs.Panel>
        <Tabs.Panel value="wellness-blocks">
          <WellnessBlocksList basePath={WELLNESS_BLOCKS_PATH} />
        </Tabs.Panel>
      </Tabs>
      {params.blockId && <WellnessBlockDrawerRoute closeTo={WELLNESS_BLOCKS_PATH} />}
      <PlanChooserModal opened={choosingPlan} onClose={() => navigate(`${BALANCE_PATH}/action`)} />
    </>
  );
}
