import { ColorInput, Group, Select, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import {
  BUNDLED_FONT_FAMILIES,
  INFOGRAPHIC_LAYOUT_LABELS,
  INFOGRAPHIC_LAYOUTS,
  INFOGRAPHIC_SIZES,
  type TInfographicDesign,
} from '@sales-assist/contract';
import { useDesignAssets } from '../hooks/use-design-assets';
import { fontOfValue, fontValue } from '../lib/design-form';

const SIZE_LABELS: Record<(typeof INFOGRAPHIC_SIZES)[number], string> = {
  '1080x1080': 'Square 1080 × 1080',
  '1080x1350': 'Portrait 1080 × 1350',
  '1200x628': 'Landscape 1200 × 628',
};

const COLOR_LABELS: Record<keyof TInfographicDesign['colors'], string> = {
  background: 'Background',
  surface: 'Cards',
  text: 'Text',
  accent: 'Accent',
  muted: 'Secondary text',
};

type TDesignFieldsProps = { design: TInfographicDesign; onChange: (design: TInfographicDesign) => void };

/** Layout, size, colours, fonts (bundled or uploaded), background picture and footer of a design. */
export const DesignFields = ({ design, onChange }: TDesignFieldsProps) => {
  const fonts = useDesignAssets({ kind: 'font', pageSize: 100 });
  const pictures = useDesignAssets({ pageSize: 100 });
  const set = (patch: Partial<TInfographicDesign>) => onChange({ ...design, ...patch });
  const fontOptions = [
    {
      group: 'Bundled',
      items: BUNDLED_FONT_FAMILIES.map((name) => ({ value: `bundled:${name}`, label: name })),
    },
    {
      group: 'Uploaded',
      items: (fonts.data?.assets ?? []).map((font) => ({
        value: `asset:${font.id}`,
        label: `${font.font_family ?? font.name} (${font.name})`,
      })),
    },
  ];
  const backgroundOptions = [
    { value: 'none', label: 'No picture' },
    ...(pictures.data?.assets ?? [])
      .filter((asset) => asset.kind !== 'font')
      .map((asset) => ({
        value: String(asset.id),
        label: `${asset.name} (${asset.width} × ${asset.height})`,
      })),
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Layout"
          description="How the headline and points are arranged"
          data={INFOGRAPHIC_LAYOUTS.map((layout) => ({
            value: layout,
            label: INFOGRAPHIC_LAYOUT_LABELS[layout],
          }))}
          value={design.layout}
          onChange={(value) => value && set({ layout: value as TInfographicDesign['layout'] })}
          allowDeselect={false}
        />
        <Select
          label="Size"
          data={INFOGRAPHIC_SIZES.map((size) => ({ value: size, label: SIZE_LABELS[size] }))}
          value={design.size}
          description="Square suits every network, portrait Instagram, landscape Facebook and LinkedIn"
          onChange={(value) => value && set({ size: value as TInfographicDesign['size'] })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Colours
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {(Object.keys(COLOR_LABELS) as (keyof TInfographicDesign['colors'])[]).map((key) => (
            <ColorInput
              key={key}
              label={COLOR_LABELS[key]}
              format="hex"
              value={design.colors[key]}
              onChange={(value) => set({ colors: { ...design.colors, [key]: value.toUpperCase() } })}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Heading font"
          data={fontOptions}
          value={fontValue(design.heading_font)}
          onChange={(value) => value && set({ heading_font: fontOfValue(value) })}
          allowDeselect={false}
        />
        <Select
          label="Body font"
          data={fontOptions}
          value={fontValue(design.body_font)}
          onChange={(value) => value && set({ body_font: fontOfValue(value) })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Select
        label="Background picture"
        description="Upload pictures on the Upload page"
        data={backgroundOptions}
        value={design.background_asset_id === null ? 'none' : String(design.background_asset_id)}
        onChange={(value) => set({ background_asset_id: !value || value === 'none' ? null : Number(value) })}
        allowDeselect={false}
        searchable
      />
      {design.background_asset_id !== null && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500} id="background-opacity-label">
              Picture opacity
            </Text>
            <Text size="sm" c="dimmed">
              {design.background_opacity}%
            </Text>
          </Group>
          <Slider
            aria-labelledby="background-opacity-label"
            min={0}
            max={100}
            step={5}
            value={design.background_opacity}
            onChange={(value) => set({ background_opacity: value })}
          />
        </Stack>
      )}
      <Switch
        label="Show the footer (company name and site)"
        checked={design.show_footer}
        onChange={(event) => set({ show_footer: event.currentTarget.checked })}
      />
      <Switch
        label="Use each user's brand colours and logo"
        description="Pictures take the colours read from the user's website (the one that reads best on the background becomes the accent) and show their logo in the footer. Users whose site gave neither get this theme's colours. The preview uses your own site's look, or a sample colour."
        checked={design.use_brand_look}
        onChange={(event) => set({ use_brand_look: event.currentTarget.checked })}
      />
    </Stack>
  );
};
