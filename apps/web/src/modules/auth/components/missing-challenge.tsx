import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthHeading } from './auth-heading';

type TMissingChallengeProps = { title: string; startPath: string; startLabel: string };

/** A code screen opened without a pending check (new tab, expired): say where to start. */
export const MissingChallenge = ({ title, startPath, startLabel }: TMissingChallengeProps) => (
  <Stack gap="md">
    <AuthHeading title={title} subtitle="There is no code waiting to be checked in this browser tab." />
    <Text size="sm">Start again and we will e-mail you a fresh code.</Text>
    <Button component={Link} to={startPath}>
      {startLabel}
    </Button>
    <Text size="sm" ta="center">
      Already verified?{' '}
      <Anchor component={Link} to="/loginPage" fw={600}>
        Sign in
      </Anchor>
    </Text>
  </Stack>
);
