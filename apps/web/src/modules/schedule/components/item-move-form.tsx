import { Button, Group, TextInput } from '@mantine/core';
import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { useState } from 'react';
import { fromWallClock, toWallClock } from './calendar-time';

type TItemMoveFormProps = {
  postedOn: string;
  timeZone: string;
  moving: boolean;
  onMove: (postedOn: string) => void;
};

/** Moving a post without dragging (keyboard, touch): a date and time read in the person's zone. */
export const ItemMoveForm = ({ postedOn, timeZone, moving, onMove }: TItemMoveFormProps) => {
  const [value, setValue] = useState(() => toWallClock(postedOn, timeZone));
  const [error, setError] = useState<string | null>(null);
  const unchanged = value === toWallClock(postedOn, timeZone);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const instant = fromWallClock(value, timeZone);
    if (!instant) {
      setError(SCHEDULE_MESSAGES.badDate);
      return;
    }
    setError(null);
    onMove(instant);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          type="datetime-local"
          label="Move to"
          description={timeZone}
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={moving} disabled={unchanged}>
          Move
        </Button>
      </Group>
    </form>
  );
};
