import { ActionIcon, Alert, Box, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

type TPageShellProps = {
  title: ReactNode;
  /** The description banner under the heading. */
  description?: ReactNode;
  /** Shows a back arrow; a path goes there, `true` goes back in history. */
  back?: string | true;
  actions?: ReactNode;
  children: ReactNode;
};

/** Spec §2 "Generic page shell": heading, description banner, optional back arrow. */
export const PageShell = ({ title, description, back, actions, children }: TPageShellProps) => {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      {/* data-page-head: the top-right toasts stack below this row while it shows (use-toast-clearance). */}
      <Group justify="space-between" align="center" wrap="nowrap" data-page-head>
        <Group gap="sm" wrap="nowrap">
          {back !== undefined && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Back"
              onClick={() => (back === true ? navigate(-1) : navigate(back))}
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          <Title order={2}>{title}</Title>
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {description && (
        <Alert variant="light" color="blue" radius="lg" icon={<IconInfoCircle />}>
          {description}
        </Alert>
      )}
      <Box>{children}</Box>
    </Stack>
  );
};
