import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const AuthHeading = ({ title, subtitle }: { title: string; subtitle?: ReactNode }) => (
  <Stack gap={4} mb="lg">
    <Title order={2}>{title}</Title>
    {subtitle && (
      <Text c="dimmed" size="sm">
        {subtitle}
      </Text>
    )}
  </Stack>
);
