import { Badge, Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { COMING_SOON, type TComingSoonKey } from '../components/coming-soon-catalog';

/** A finished page for a feature that is announced but not open yet. */
export const ComingSoonPage = ({ feature }: { feature: TComingSoonKey }) => {
  const { title, description, icon: Icon, color, headline, points, back } = COMING_SOON[feature];
  return (
    <PageShell title={title} description={description} back={back}>
      <Card p={48}>
        <Stack align="center" ta="center" gap="md" maw={520} mx="auto">
          <ThemeIcon size={88} radius="xl" variant="light" color={color}>
            <Icon size={48} />
          </ThemeIcon>
          <Badge size="lg" variant="light" color={color}>
            Coming soon
          </Badge>
          <Title order={2}>{headline}</Title>
          <Text c="dimmed">We are putting the finishing touches on it. Here is what it will do for you:</Text>
          <List
            spacing="xs"
            ta="left"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" color={color}>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Button
            component={Link}
            to="/"
            variant="light"
            mt="sm"
            leftSection={<IconLayoutDashboard size={18} />}
          >
            Back to Dashboard
          </Button>
        </Stack>
      </Card>
    </PageShell>
  );
};
