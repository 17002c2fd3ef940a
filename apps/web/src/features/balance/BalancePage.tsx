import { Modal, Stack, Tabs, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { BuildingNotice } from '../../components/BuildingNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import { useIsMobile } from '../../lib/useIsMobile';
import { isAdmin } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { PlanChooser } from '../pricing/PlanChooser';
import { NotFoundPage } from '../status/NotFoundPage';

export const BALANCE_TABS = [
  { value: 'action', label: 'Auto-balance', mobileLabel: 'Auto-balance' },
  { value: 'evaluation', label: 'Meeting evaluations', mobileLabel: 'Evaluations' },
  { value: 'wellness-blocks', label: 'Wellness blocks', mobileLabel: 'Blocks' },
] as const;

type BalanceView = (typeof BALANCE_TABS)[number]['value'];

const DESCRIPTIONS: Record<BalanceView, string> = {
  action:
    'Your Auto-Balance preferences, the action taken on non-compliant meetings, and future and past actions are being built for this tab.',
  evaluation:
    'The team grade card, meetings to ignore and the evaluation settings are being built for this tab.',
  'wellness-blocks': 'Chunks of untouchable time for you to do with as you please.',
};

export function BalancePage() {
  usePageTitle('Balance');
  const user = useSignedInUser();
  const { view = 'action', subView, blockId } = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();

  const tab = BALANCE_TABS.find((item) => item.value === view);
  if (!tab) return <NotFoundPage />;
  if (subView && !(view === 'action' && subView === 'choose-plan')) return <NotFoundPage />;

  return (
    <>
      <PageHeader title="Balance" />
      <Tabs
        value={tab.value}
        onChange={(next) => next && navigate(`/my/balance/${next}`)}
        keepMounted={false}
      >
        <Tabs.List mb="lg" grow={mobile}>
          {BALANCE_TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {mobile ? item.mobileLabel : item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BALANCE_TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            <Stack gap="md">
              {item.value === 'wellness-blocks' && (
                <Text fw={700} fz="xl">
                  Wellness blocks
                </Text>
              )}
              {blockId && item.value === 'wellness-blocks' && (
                <Text fw={600}>
                  {blockId === 'new' ? 'New weekly Wellness block' : `Wellness block ${blockId}`}
                </Text>
              )}
              <BuildingNotice>{DESCRIPTIONS[item.value]}</BuildingNotice>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Modal
        opened={subView === 'choose-plan'}
        onClose={() => navigate('/my/balance/action')}
        size="xl"
        radius="lg"
        aria-label="Choose a plan"
      >
        <PlanChooser mode="app" canChoose={isAdmin(user)} currentPlanId={user.subscription_plan} />
      </Modal>
    </>
  );
}
