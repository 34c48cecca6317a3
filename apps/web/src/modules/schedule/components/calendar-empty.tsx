import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconCalendarPlus, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Nothing in the visible range: how to put something on the calendar. With no account connected, the first
 * step is Integrations; otherwise a post is scheduled from the screen it was written on.
 */
export const CalendarEmpty = ({ connected }: { connected: boolean }) =>
  connected ? (
    <Alert variant="light" color="green" icon={<IconCalendarPlus />} title="Nothing scheduled here yet">
      <Text size="sm">
        Write a post in{' '}
        <Anchor component={Link} to="/website-content">
          Blogs
        </Anchor>
        ,{' '}
        <Anchor component={Link} to="/linkedin">
          LinkedIn
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/socials/content">
          Socials
        </Anchor>
        , then choose Schedule to pick the accounts and the time. It appears here, and you can drag it to
        another time.
      </Text>
    </Alert>
  ) : (
    <Alert
      variant="light"
      color="blue"
      icon={<IconPlugConnected />}
      title="Connect an account to start scheduling"
    >
      <Text size="sm" mb="sm">
        Posts go to your LinkedIn, Facebook, Instagram and WordPress accounts. Connect one on the Integrations
        page, then schedule posts from Blogs, LinkedIn or Socials.
      </Text>
      <Group>
        <Button component={Link} to="/integrations" size="xs" leftSection={<IconPlugConnected size={14} />}>
          Go to Integrations
        </Button>
      </Group>
    </Alert>
  );
