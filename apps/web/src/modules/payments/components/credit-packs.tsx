import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { CAMPAIGN_COST_CREDITS, type TCreditPack } from '@sales-assist/contract';
import { IconCoins, IconPackage } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../lib/money';

type TCreditPacksProps = {
  packs: TCreditPack[];
  onBuy: (pack: TCreditPack) => void;
  /** The pack whose checkout is being opened (its button spins, the others wait). */
  buying: string | null;
  /** Another checkout or the portal is opening. */
  disabled: boolean;
};

const creditsText = (pack: TCreditPack): string => `${pack.credits.toLocaleString('en-US')} credits`;

/** Top-ups: each pack with its credits, price and what it pays for, and a Buy button. */
export const CreditPacks = ({ packs, onBuy, buying, disabled }: TCreditPacksProps) => {
  if (packs.length === 0) {
    return (
      <EmptyState icon={IconPackage} title="No credit packs are on sale right now" hint="Check back later." />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {packs.map((pack) => (
        <Card key={pack.id} withBorder padding="lg" component="section" aria-label={pack.name}>
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light" color="yellow">
                <IconCoins size={20} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={700}>{pack.name}</Text>
                {pack.name !== creditsText(pack) && (
                  <Text size="sm" c="dimmed">
                    {creditsText(pack)}
                  </Text>
                )}
              </Stack>
            </Group>
            <Text fz={26} fw={800} lh={1.1}>
              {formatMoney(pack.price_cents, pack.currency)}
            </Text>
            <Text size="sm" c="dimmed">
              Enough for {Math.floor(pack.credits / CAMPAIGN_COST_CREDITS).toLocaleString('en-US')} outreach
              campaigns · one payment, no subscription
            </Text>
            <Button
              variant="light"
              onClick={() => onBuy(pack)}
              loading={buying === pack.id}
              disabled={disabled && buying !== pack.id}
              aria-label={`Buy ${pack.name}`}
            >
              Buy
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
};
