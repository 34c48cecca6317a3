import { notifications } from '@mantine/notifications';
import { isApiError } from './api-error';

/**
 * A spec message ("Can't delete list", "Error") as the toast's title, with the server's reason
 * under it when there is one, so the person learns why. Same 5 s and one-per-id as every toast.
 */
export const failureToast = (title: string, error?: unknown): void => {
  const reason = isApiError(error) && error.code !== 'network_error' ? error.message : undefined;
  notifications.show({
    id: title,
    title: reason ? title : undefined,
    message: reason ?? title,
    color: 'red',
    withBorder: true,
    autoClose: 5000,
  });
};
