import { Badge, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandWhatsapp,
  IconMail,
} from '@tabler/icons-react';
import type { TWizardStepProps } from '../lib/campaign-draft';
import { StepFrame } from './step-frame';

type TChannel = { value: string; label: string; hint: string; icon: Icon; available: boolean };

const CHANNELS: TChannel[] = [
  {
    value: 'LinkedIn',
    label: 'LinkedIn',
    hint: 'Profile visits, likes, comments, connection requests and follow-ups.',
    icon: IconBrandLinkedin,
    available: true,
  },
  {
    value: 'Email',
    label: 'Email',
    hint: 'Sequences to the leads’ inboxes.',
    icon: IconMail,
    available: false,
  },
  {
    value: 'Instagram',
    label: 'Instagram',
    hint: 'Direct messages to the leads’ accounts.',
    icon: IconBrandInstagram,
    available: false,
  },
  {
    value: 'WhatsApp',
    label: 'WhatsApp',
    hint: 'Messages to the leads’ phones.',
    icon: IconBrandWhatsapp,
    available: false,
  },
];

/** Step 1 (not shown in the spec): the outreach channel. Only LinkedIn exists, and is chosen. */
export const ChannelStep = ({ draft, onDraftChange, goTo }: TWizardStepProps) => (
  <StepFrame
    title="Choose Your Outreach Channel"
    description="Where the campaign reaches your leads."
    onContinue={() => goTo(2)}
  >
    <Radio.Group
      value={draft.channel}
      onChange={(value) => value === 'LinkedIn' && onDraftChange({ channel: value })}
      aria-label="Outreach channel"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        {CHANNELS.map(({ value, label, hint, icon: ChannelIcon, available }) => (
          <Radio.Card
            key={value}
            value={value}
            disabled={!available}
            radius="md"
            p="md"
            style={{ opacity: available ? 1 : 0.55, cursor: available ? 'pointer' : 'not-allowed' }}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" color={available ? 'blue' : 'gray'}>
                  <ChannelIcon size={24} />
                </ThemeIcon>
                {available ? (
                  <Radio.Indicator />
                ) : (
                  <Badge color="gray" variant="light">
                    Soon
                  </Badge>
                )}
              </Group>
              <Text fw={700}>{label}</Text>
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  </StepFrame>
);
