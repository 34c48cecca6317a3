import { Alert, Box, Center, Image, List, Loader, Stack, Text } from '@mantine/core';
import type { TInfographicPreviewRequest } from '@sales-assist/contract';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useLivePreview } from '../hooks/use-live-preview';

/**
 * The design drawn by the server as it is being edited, with what was shrunk, cut or left out to fit
 * (never hidden), or what keeps it from being drawn.
 */
export const LivePreview = ({
  request,
  enabled,
}: {
  request: TInfographicPreviewRequest;
  enabled: boolean;
}) => {
  const preview = useLivePreview(request, enabled);
  return (
    <Stack gap="sm" aria-live="polite">
      <Box pos="relative" bg="gray.1" style={{ borderRadius: 12, overflow: 'hidden' }}>
        {preview.url ? (
          <Image src={preview.url} alt="Live preview of the design" fit="contain" mah={520} />
        ) : (
          <Center h={360}>
            {preview.error || preview.problem ? null : <Loader aria-label="Drawing the preview" />}
          </Center>
        )}
        {preview.url && preview.isDrawing && (
          <Loader size="sm" pos="absolute" top={12} right={12} aria-label="Drawing the preview" />
        )}
      </Box>
      {preview.problem && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Not drawn yet">
          {preview.problem}
        </Alert>
      )}
      {preview.error && !preview.problem && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The preview could not be drawn">
          {preview.error}
        </Alert>
      )}
      {preview.fit && preview.fit.notes.length > 0 && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="To fit the text">
          <List size="sm" spacing={2}>
            {preview.fit.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.fit && preview.fit.notes.length === 0 && (
        <Text size="sm" c="dimmed">
          All the text fits at the design's size.
        </Text>
      )}
    </Stack>
  );
};
