import { Group, Loader, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** What research reads, in the order the server reads it; the card takes a few seconds in all. */
export const RESEARCH_STEPS = [
  'Reading the company website',
  'Reading the LinkedIn profile',
  'Reading recent posts',
  'Writing the card from what was read',
] as const;
const STEP_MS = 1_500;

/**
 * While a card is being written: the steps, the current one turning, the card's shape below. The server
 * answers once, so the steps move on a timer and the last one waits for the answer.
 */
export const ResearchProgress = ({ hasWebsite }: { hasWebsite: boolean }) => {
  const steps = hasWebsite ? RESEARCH_STEPS : RESEARCH_STEPS.slice(1);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((step) => Math.min(step + 1, steps.length - 1)), STEP_MS);
    return () => clearInterval(timer);
  }, [steps.length]);
  return (
    <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-live="polite">
      <Stack gap="sm">
        {steps.map((step, index) => (
          <Group key={step} gap="sm" wrap="nowrap">
            {index < current ? (
              <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                <IconCheck size={14} />
              </ThemeIcon>
            ) : index === current ? (
              <Loader size={20} type="oval" />
            ) : (
              <ThemeIcon size={20} radius="xl" color="gray" variant="light" />
            )}
            <Text
              size="sm"
              c={index > current ? 'dimmed' : undefined}
              fw={index === current ? 600 : undefined}
            >
              {step}
              {index === current ? '…' : ''}
            </Text>
          </Group>
        ))}
        <Stack gap="xs" mt="sm">
          <Skeleton height={14} width="40%" />
          <Skeleton height={12} width="85%" />
          <Skeleton height={12} width="70%" />
          <Skeleton height={12} width="60%" />
        </Stack>
      </Stack>
    </Paper>
  );
};
