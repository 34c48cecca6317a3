import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZUpdateMeRequest } from '@sales-assist/contract';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useUpdateMe } from '../hooks/use-update-me';

type TProfileFormProps = { email: string; companyName: string };

/** E-mail (read-only) and company name (PUT /api/me). */
export const ProfileForm = ({ email, companyName }: TProfileFormProps) => {
  const update = useUpdateMe();
  const form = useForm({
    initialValues: { companyName },
    validate: schemaResolver(ZUpdateMeRequest, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the server's value when it changes
  useEffect(() => {
    form.setInitialValues({ companyName });
    form.setValues({ companyName });
  }, [companyName]);

  return (
    <Card>
      <Stack gap={4} mb="md">
        <Title order={4}>Profile</Title>
        <Text size="sm" c="dimmed">
          How your account and company appear in Sales Assist.
        </Text>
      </Stack>
      <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email Address"
            value={email}
            readOnly
            rightSection={<IconLock size={16} />}
            description="Your sign-in address cannot be changed."
          />
          <TextInput label="Company name" required maxLength={120} {...form.getInputProps('companyName')} />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!form.isDirty()}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
