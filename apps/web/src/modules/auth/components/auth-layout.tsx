import { Box, Flex, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../ui/brand-logo';
import { TAGLINE } from '../../../ui/tagline';

type TAuthLayoutProps = {
  /** Heading of the blue panel, e.g. "Get Future Ready" on sign-up. */
  panelTitle: string;
  children: ReactNode;
};

const POINTS = [
  'Blogs, social posts and ad copy written for your brand',
  'LinkedIn outreach that runs on schedule',
  'Leads, lists and campaigns in one place',
];

/** The public screens' split layout: a blue panel on the left, the form on the right. */
export const AuthLayout = ({ panelTitle, children }: TAuthLayoutProps) => (
  <Flex mih="100vh" direction={{ base: 'column', md: 'row' }}>
    <Box
      visibleFrom="md"
      w={{ md: '44%' }}
      p={56}
      style={{
        background:
          'radial-gradient(circle at 20% 10%, var(--mantine-color-blue-5), transparent 55%), linear-gradient(160deg, var(--mantine-color-blue-7), var(--mantine-color-indigo-9))',
        color: 'white',
      }}
    >
      <Stack h="100%" justify="space-between" gap="xl">
        <BrandLogo inverted size="lg" />
        <Stack gap="lg">
          <Title order={1} fz={46} c="white" lh={1.1}>
            {panelTitle}
          </Title>
          <Text fz="lg" c="blue.0" maw={420}>
            {TAGLINE}
          </Text>
          <List
            spacing="sm"
            c="blue.0"
            icon={
              <ThemeIcon size={22} radius="xl" variant="white" color="blue">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="blue.1">
          © {new Date().getFullYear()} Sales Assist
        </Text>
      </Stack>
    </Box>
    <Flex flex={1} align="center" justify="center" p={{ base: 'md', sm: 'xl' }} bg="gray.0">
      <Stack w="100%" maw={440} gap="lg">
        <Box hiddenFrom="md">
          <BrandLogo size="lg" />
          <Text size="sm" c="dimmed" mt={6}>
            {TAGLINE}
          </Text>
        </Box>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }}>
          {children}
        </Paper>
      </Stack>
    </Flex>
  </Flex>
);
