import { Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZWebsiteUrl } from '@sales-assist/contract';
import { IconArrowRight, IconWorldWww } from '@tabler/icons-react';
import { useEffect } from 'react';

type TWebsiteFormProps = {
  initialUrl: string;
  /** Why the last address could not be read, shown by the field. */
  failure: string | null;
  pending: boolean;
  skipping: boolean;
  /** The address to read, and the text as typed (kept in the field if the scan fails). */
  onSubmit: (url: string, typed: string) => void;
  onSkip: () => void;
};

/** Asks for the website when the session has none (or the stored one failed); "Skip for now" goes on without. */
export const WebsiteForm = ({
  initialUrl,
  failure,
  pending,
  skipping,
  onSubmit,
  onSkip,
}: TWebsiteFormProps) => {
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new failure sets the field's error
  useEffect(() => {
    if (failure) form.setFieldError('url', failure);
  }, [failure]);
  const submit = form.onSubmit(({ url }) => onSubmit(ZWebsiteUrl.parse(url), url));
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
        <Stack gap="xs">
          <Button
            type="submit"
            size="md"
            loading={pending}
            disabled={skipping}
            rightSection={<IconArrowRight size={18} />}
          >
            Next
          </Button>
          <Button variant="subtle" color="gray" onClick={onSkip} loading={skipping} disabled={pending}>
            Skip for now
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            You can add your website later from the dashboard; features that write content will ask for it.
          </Text>
        </Stack>
      </Stack>
    </form>
  );
};
