import { Group, List, Text, Tooltip } from '@mantine/core';
import { PASSWORD_RULES } from '@sales-assist/contract';
import { IconInfoCircle } from '@tabler/icons-react';

/** A field label carrying the password-rules tooltip (spec §2 sign-up, §5 rules). */
export const PasswordLabel = ({ label = 'Password' }: { label?: string }) => (
  <Group gap={6} component="span" display="inline-flex" wrap="nowrap">
    <span>{label}</span>
    <Tooltip
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      label={
        <>
          <Text size="sm" fw={600} mb={4}>
            Your password needs:
          </Text>
          <List size="sm" c="white">
            {PASSWORD_RULES.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </>
      }
    >
      <IconInfoCircle
        size={16}
        tabIndex={0}
        aria-label={`Password rules: ${PASSWORD_RULES.join(', ')}`}
        style={{ color: 'var(--mantine-color-blue-6)', cursor: 'help' }}
      />
    </Tooltip>
  </Group>
);
