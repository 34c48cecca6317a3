import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { LinkedInConnection } from '../../linkedin/components/linkedin-connection';
import { AllLeadsScreen } from '../components/all-leads-screen';
import type { TRecentImport } from '../components/import-banner';
import { ImportScreen } from '../components/import-screen';
import { ListsScreen } from '../components/lists-screen';
import type { TLeadsScreen } from '../lib/leads-screen';

const LeadsScreens = () => {
  const [screen, setScreen] = useState<TLeadsScreen>(1);
  const [recentImport, setRecentImport] = useState<TRecentImport | null>(null);
  const goTo = (next: TLeadsScreen) => {
    setScreen(next);
    window.scrollTo({ top: 0 });
  };
  switch (screen) {
    case 1:
      return <ListsScreen goTo={goTo} />;
    case 2:
      return (
        <AllLeadsScreen goTo={goTo} recentImport={recentImport} onImportSeen={() => setRecentImport(null)} />
      );
    default:
      return (
        <ImportScreen
          screen={screen}
          goTo={goTo}
          onCsvImported={(recent) => {
            setRecentImport(recent);
            goTo(2);
          }}
        />
      );
  }
};

/**
 * /leads, the Leads section under the heading Outreach (spec §2). Its screens switch by an internal
 * page number; every entry (also a click on Leads in the sidebar while here) starts at page 1.
 */
export const LeadsPage = () => {
  const location = useLocation();
  return (
    <PageShell title="Outreach" actions={<LinkedInConnection />}>
      <LeadsScreens key={location.key} />
    </PageShell>
  );
};
