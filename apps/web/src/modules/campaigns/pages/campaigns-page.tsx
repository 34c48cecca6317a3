import { useLocation } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { LinkedInConnection } from '../../linkedin/components/linkedin-connection';
import { CampaignsSection } from '../components/campaigns-section';

/**
 * /campaigns, the Campaigns section under the heading Outreach (spec §2). Every entry (also a click
 * on Campaigns in the sidebar while here) starts again at the campaign list with a fresh draft.
 */
export const CampaignsPage = () => {
  const location = useLocation();
  return (
    <PageShell title="Outreach" actions={<LinkedInConnection />}>
      <CampaignsSection key={location.key} />
    </PageShell>
  );
};
