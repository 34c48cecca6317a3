import { Anchor, Badge, Tooltip } from '@mantine/core';
import type { TResearchSource } from '@sales-assist/contract';
import { IconBrandLinkedin, IconExternalLink, IconNews, IconWorld } from '@tabler/icons-react';
import { sourceLabel } from '../lib/source-label';

const ICONS = { profile: IconBrandLinkedin, post: IconNews, website: IconWorld } as const;

/** Where a point comes from: a badge naming the source, a link to it when it has an address. */
export const SourceBadge = ({ source }: { source: TResearchSource | undefined }) => {
  if (!source) return null;
  const Icon = ICONS[source.kind];
  const badge = (
    <Badge
      variant="light"
      color={source.kind === 'website' ? 'teal' : 'blue'}
      radius="sm"
      leftSection={<Icon size={12} aria-hidden />}
      rightSection={source.url ? <IconExternalLink size={10} aria-hidden /> : undefined}
      style={{ textTransform: 'none', cursor: source.url ? 'pointer' : undefined }}
    >
      {sourceLabel(source)}
    </Badge>
  );
  return (
    <Tooltip label={`Source: ${sourceLabel(source)}`} withArrow openDelay={300}>
      {source.url ? (
        <Anchor
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          underline="never"
          aria-label={`Source: ${sourceLabel(source)}`}
        >
          {badge}
        </Anchor>
      ) : (
        badge
      )}
    </Tooltip>
  );
};
