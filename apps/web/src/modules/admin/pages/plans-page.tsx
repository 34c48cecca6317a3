import { Center, Loader, Stack } from '@mantine/core';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { CreditPacksPanel } from '../components/credit-packs-panel';
import { PlanEditorCard } from '../components/plan-editor-card';
import { useAdminPlans } from '../hooks/use-admin-plans';

/** /admin/plans: the plans (limits, prices, credits per month, active) and the credit packs for sale. */
export const PlansPage = () => {
  const plans = useAdminPlans();
  return (
    <PageShell
      title="Plans"
      description="What each plan gives and costs, and the credit packs sold on the Pricing screen. Prices are in US dollars."
    >
      <Stack gap="xl">
        {plans.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : !plans.data ? (
          <LoadFailed what="the plans" onRetry={() => plans.refetch()} />
        ) : (
          plans.data.plans.map((plan) => <PlanEditorCard key={`${plan.id}-${plan.updated_at}`} plan={plan} />)
        )}
        <CreditPacksPanel />
      </Stack>
    </PageShell>
  );
};
