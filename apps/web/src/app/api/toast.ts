import { notifications } from '@mantine/notifications';

type TToastKind = 'info' | 'success' | 'warning' | 'error' | 'default';

const COLORS: Record<TToastKind, string | undefined> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  error: 'red',
  default: undefined,
};

/**
 * Spec §4 toasts: info, success, warning, error, default; top right, 5 s, at most one per id.
 * The message itself is the default id, so the same text never stacks.
 */
export const toast = (kind: TToastKind, message: string, id: string = message): void => {
  notifications.show({
    id,
    message,
    color: COLORS[kind],
    withBorder: true,
    autoClose: 5000,
  });
};
