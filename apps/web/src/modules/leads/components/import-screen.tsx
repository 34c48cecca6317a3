import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBrandLinkedin, IconFileTypeCsv } from '@tabler/icons-react';
import type { TGoTo, TLeadsScreen } from '../lib/leads-screen';
import { BackToLists } from './back-to-lists';
import { CsvImport } from './csv-import';
import type { TRecentImport } from './import-banner';
import { LinkedInMethods } from './linkedin-methods';
import { TargetedSearchForm } from './targeted-search-form';

type TImportScreenProps = {
  screen: 3 | 4 | 5;
  goTo: TGoTo;
  onCsvImported: (recent: TRecentImport) => void;
};

/** Screens 3–5: "From CSV" (3) and "From LinkedIn" (4, and 5 for a targeted search). */
export const ImportScreen = ({ screen, goTo, onCsvImported }: TImportScreenProps) => (
  <Stack gap="sm" maw={1200} mx="auto" w="100%">
    <BackToLists goTo={goTo} />
    <Stack gap={2}>
      <Title order={2}>Import New Leads</Title>
      <Text c="dimmed">Bring leads into a list from a CSV file or straight from LinkedIn.</Text>
    </Stack>
    <Card padding="lg">
      <Tabs
        value={screen === 3 ? 'csv' : 'linkedin'}
        onChange={(tab) => goTo((tab === 'csv' ? 3 : 4) satisfies TLeadsScreen)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="csv" leftSection={<IconFileTypeCsv size={18} />}>
            From CSV
          </Tabs.Tab>
          <Tabs.Tab value="linkedin" leftSection={<IconBrandLinkedin size={18} />}>
            From LinkedIn
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="csv">
          <CsvImport onImported={onCsvImported} />
        </Tabs.Panel>
        <Tabs.Panel value="linkedin">
          {screen === 5 ? (
            <TargetedSearchForm onBack={() => goTo(4)} onStarted={() => goTo(1)} />
          ) : (
            <LinkedInMethods onTargetedSearch={() => goTo(5)} onStarted={() => goTo(1)} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Card>
  </Stack>
);
