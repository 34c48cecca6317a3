import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ScheduleDialog } from './schedule-dialog';
import type { TSchedulableContent } from './schedule-dialog-content';

type TScheduleButtonProps = Omit<ButtonProps, 'children'> & {
  content: TSchedulableContent;
  /** Why it cannot be scheduled yet ("The post is still being written"); null when it can. */
  notReady?: string | null;
};

/** The content screens' "Schedule" action: opens the dialog for this item. */
export const ScheduleButton = ({ content, notReady = null, ...button }: TScheduleButtonProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={notReady} disabled={!notReady}>
        <Button
          variant="light"
          leftSection={<IconCalendarPlus size={16} />}
          {...button}
          disabled={Boolean(notReady) || button.disabled}
          onClick={() => setOpen(true)}
          aria-label={`Schedule ${content.title || 'this post'}`}
        >
          Schedule
        </Button>
      </Tooltip>
      <ScheduleDialog content={open ? content : null} onClose={() => setOpen(false)} />
    </>
  );
};
