import { Badge, Tabs } from '@mantine/core';
import type { TInputKind } from '@sales-assist/contract';
import { IconFileText, IconPhoto } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useInputsSummary } from '../hooks/use-inputs-summary';

export const INPUT_ROUTES: Record<TInputKind, string> = {
  text: '/inputs/uploadedtexts',
  image: '/inputs/uploadedimages',
};

/** Uploaded texts | Uploaded images, with their counts; each tab is its own route. */
export const InputsTabs = ({ active }: { active: TInputKind }) => {
  const navigate = useNavigate();
  const summary = useInputsSummary().data;
  const count = (value: number | undefined) =>
    value === undefined ? null : (
      <Badge size="sm" variant="light" circle={value < 10}>
        {value}
      </Badge>
    );
  return (
    <Tabs value={active} onChange={(value) => value && navigate(INPUT_ROUTES[value as TInputKind])}>
      <Tabs.List>
        <Tabs.Tab value="text" leftSection={<IconFileText size={16} />} rightSection={count(summary?.texts)}>
          Uploaded texts
        </Tabs.Tab>
        <Tabs.Tab value="image" leftSection={<IconPhoto size={16} />} rightSection={count(summary?.images)}>
          Uploaded images
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
};
