import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { INPUT_LIMITS } from '@sales-assist/contract';
import { type Icon, IconChevronRight, IconFileText, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { INPUT_ROUTES } from '../components/inputs-tabs';
import { useInputsSummary } from '../hooks/use-inputs-summary';

type TTileProps = {
  to: string;
  icon: Icon;
  color: string;
  title: string;
  description: string;
  count: number | undefined;
  unit: string;
};

const Tile = ({ to, icon: TileIcon, color, title, description, count, unit }: TTileProps) => (
  <Card component={Link} to={to} padding="lg" className="feature-tile" style={{ textDecoration: 'none' }}>
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <ThemeIcon size={52} radius="md" variant="light" color={color}>
        <TileIcon size={28} />
      </ThemeIcon>
      <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
    </Group>
    <Group gap="xs" mt="md" align="center">
      <Text fw={700} fz="lg">
        {title}
      </Text>
      {count === undefined ? (
        <Skeleton h={20} w={60} radius="xl" />
      ) : (
        <Badge variant="light" color={color}>
          {count} {count === 1 ? unit : `${unit}s`}
        </Badge>
      )}
    </Group>
    <Text size="sm" c="dimmed" mt={4}>
      {description}
    </Text>
  </Card>
);

/** /inputs (spec §2, reached from the user menu): the two kinds of material, with how many of each. */
export const InputsPage = () => {
  const summary = useInputsSummary();
  return (
    <PageShell
      title="Inputs"
      description="Your own material grounds what the app writes: product sheets, case studies, notes and pictures. Choose texts when you generate blog posts and LinkedIn posts."
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Tile
            to={INPUT_ROUTES.text}
            icon={IconFileText}
            color="blue"
            title="Uploaded texts"
            description={`Paste a text, or upload .txt, .md, .pdf and .docx files (up to ${INPUT_LIMITS.fileBytes / 1024 / 1024} MB).`}
            count={summary.data?.texts}
            unit="text"
          />
          <Tile
            to={INPUT_ROUTES.image}
            icon={IconPhoto}
            color="grape"
            title="Uploaded images"
            description="Upload PNG, JPEG and WebP pictures: logos, product shots, team photos."
            count={summary.data?.images}
            unit="image"
          />
        </SimpleGrid>
        {summary.isError && (
          <Text size="sm" c="red">
            The counts could not be loaded; the pages still open.
          </Text>
        )}
      </Stack>
    </PageShell>
  );
};
