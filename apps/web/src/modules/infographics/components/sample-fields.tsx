import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  INFOGRAPHIC_HEADLINE_MAX,
  INFOGRAPHIC_POINTS_MAX,
  type TInfographicLayout,
} from '@sales-assist/contract';
import type { TSampleFields } from '../lib/design-form';

type TSampleFieldsProps = {
  fields: TSampleFields;
  layout: TInfographicLayout;
  onChange: (fields: TSampleFields) => void;
};

/** The content the live preview is drawn with (not saved: posts bring their own). */
export const SampleFields = ({ fields, layout, onChange }: TSampleFieldsProps) => {
  const set = (patch: Partial<TSampleFields>) => onChange({ ...fields, ...patch });
  return (
    <Stack gap="sm">
      <TextInput
        label="Headline"
        maxLength={INFOGRAPHIC_HEADLINE_MAX}
        value={fields.headline}
        onChange={(event) => set({ headline: event.currentTarget.value })}
      />
      <Textarea
        label="Points"
        description={`One per line, at most ${INFOGRAPHIC_POINTS_MAX}`}
        autosize
        minRows={3}
        maxRows={8}
        value={fields.points}
        onChange={(event) => set({ points: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Figure"
          description={
            layout === 'big_number' ? 'Drawn large by this layout' : 'Used by the Big number layout'
          }
          maxLength={24}
          value={fields.stat}
          onChange={(event) => set({ stat: event.currentTarget.value })}
        />
        <TextInput
          label="Footer"
          maxLength={120}
          value={fields.footer}
          onChange={(event) => set({ footer: event.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
};
