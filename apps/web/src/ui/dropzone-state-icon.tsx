import type { MantineColor } from '@mantine/core';
import { ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { type Icon, IconUpload, IconX } from '@tabler/icons-react';

type TDropzoneStateIconProps = { idle: Icon; idleColor?: MantineColor; size?: number };

/** The big icon in a dropzone: an upload arrow over it, a cross for a refused file, else the idle icon. */
export const DropzoneStateIcon = ({
  idle: IdleIcon,
  idleColor = 'blue',
  size = 56,
}: TDropzoneStateIconProps) => {
  const glyph = Math.round(size * 0.53);
  return (
    <>
      <Dropzone.Accept>
        <ThemeIcon size={size} radius="xl" variant="light" color="blue">
          <IconUpload size={glyph} />
        </ThemeIcon>
      </Dropzone.Accept>
      <Dropzone.Reject>
        <ThemeIcon size={size} radius="xl" variant="light" color="red">
          <IconX size={glyph} />
        </ThemeIcon>
      </Dropzone.Reject>
      <Dropzone.Idle>
        <ThemeIcon size={size} radius="xl" variant="light" color={idleColor}>
          <IdleIcon size={glyph} />
        </ThemeIcon>
      </Dropzone.Idle>
    </>
  );
};
