import { Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZWebsiteUrl } from '@sales-assist/contract';
import { IconArrowRight, IconWorldWww } from '@tabler/icons-react';

type TWebsiteFormProps = { initialUrl: string; pending: boolean; onSubmit: (url: string) => void };

/** Asks for the website when the session has none (or the stored one failed). */
export const WebsiteForm = ({ initialUrl, pending, onSubmit }: TWebsiteFormProps) => {
  const form = useForm({
    initialValues: { url: initialUrl },
    validate: {
      url: (value) => {
        const parsed = ZWebsiteUrl.safeParse(value);
        return parsed.success
          ? null
          : (parsed.error.issues[0]?.message ?? 'Please enter a valid website URL');
      },
    },
  });
  const submit = form.onSubmit(({ url }) => onSubmit(ZWebsiteUrl.parse(url)));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconWorldWww size={30} />
          </ThemeIcon>
          <Title order={2}>Your website</Title>
          <Text c="dimmed" size="sm">
            We scan your website to learn what your business offers, so everything we write sounds like you.
          </Text>
        </Stack>
        <TextInput
          label="Website URL"
          placeholder="www.yourcompany.com"
          autoComplete="url"
          required
          data-autofocus
          autoFocus
          {...form.getInputProps('url')}
        />
        <Button type="submit" size="md" loading={pending} rightSection={<IconArrowRight size={18} />}>
          Next
        </Button>
      </Stack>
    </form>
  );
};
