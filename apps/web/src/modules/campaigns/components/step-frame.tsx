import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

type TStepFrameProps = {
  title: string;
  description?: ReactNode;
  /** Absent on the first step. */
  onBack?: () => void;
  onContinue: () => void;
  continueLabel?: ReactNode;
  continueIcon?: ReactNode;
  loading?: boolean;
  children: ReactNode;
};

/**
 * One wizard step: its heading, its fields, Back and Continue. It is a form, so Enter in a field
 * continues like the button does.
 */
export const StepFrame = (props: TStepFrameProps) => {
  const { title, description, onBack, onContinue, continueLabel = 'Continue', loading, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };
  return (
    <Card padding="xl" component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3}>{title}</Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
        <Group justify="space-between" pt="xs">
          {onBack ? (
            <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            loading={loading}
            rightSection={props.continueIcon ?? <IconArrowRight size={18} />}
          >
            {continueLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
