import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidPassword, PASSWORD_INVALID } from '@sales-assist/contract';
import { IconKey } from '@tabler/icons-react';
import { NewPasswordFields } from '../../../ui/new-password-fields';
import { useChangePassword } from '../hooks/use-change-password';

/** change_password for the signed-in person; the rule is checked here too (spec §5). */
export const ChangePasswordForm = ({ email }: { email: string }) => {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { old_password: '', new_password: '', confirm: '' },
    validate: {
      old_password: (value) => (value ? null : 'Current password is required'),
      new_password: (value) => (isValidPassword(value) ? null : PASSWORD_INVALID),
      confirm: (value, values) => (value === values.new_password ? null : 'Passwords do not match'),
    },
  });
  const submit = form.onSubmit(({ old_password, new_password }) =>
    change.mutate({ old_password, new_password }, { onSuccess: () => form.reset() }),
  );
  return (
    <Card>
      <Stack gap={4} mb="md">
        <Title order={4}>Change password</Title>
        <Text size="sm" c="dimmed">
          Use a password you do not use anywhere else.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('old_password')}
          />
          <NewPasswordFields
            passwordProps={form.getInputProps('new_password')}
            confirmProps={form.getInputProps('confirm')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} leftSection={<IconKey size={18} />}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
