import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TGoTo } from '../lib/leads-screen';

/** Keeps the lists page one click away from every other screen of the section. */
export const BackToLists = ({ goTo, label = 'Back to your lists' }: { goTo: TGoTo; label?: string }) => (
  <Anchor component="button" type="button" size="sm" onClick={() => goTo(1)} w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={16} />
      {label}
    </Group>
  </Anchor>
);
