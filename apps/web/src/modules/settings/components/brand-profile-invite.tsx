import { Button, Card, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZWebsiteUrl } from '@sales-assist/contract';
import { IconWorldSearch } from '@tabler/icons-react';
import { ApiError } from '../../../app/api/api-error';
import { useScanWebsite } from '../hooks/use-brand-profile';

/** For an account without a website: what the brand profile is for, and a way to add the site. */
export const BrandProfileInvite = () => {
  const scan = useScanWebsite();
  const form = useForm({
    initialValues: { url: '' },
    validate: {
      url: (value) => {
        const parsed = ZWebsiteUrl.safeParse(value);
        return parsed.success
          ? null
          : (parsed.error.issues[0]?.message ?? 'Please enter a valid website URL');
      },
    },
  });
  const submit = form.onSubmit(({ url }) =>
    scan.mutate(ZWebsiteUrl.parse(url), {
      onError: (error) =>
        form.setFieldError(
          'url',
          error instanceof ApiError ? error.message : 'We could not read this website. Please try again.',
        ),
    }),
  );
  return (
    <Card>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconWorldSearch size={24} />
        </ThemeIcon>
        <Stack gap="md" style={{ flex: 1 }}>
          <Stack gap={4}>
            <Title order={4}>Brand profile</Title>
            <Text size="sm" c="dimmed">
              Add your website and Sales Assist learns what your company offers, who it is for and how it
              speaks, so every blog post and LinkedIn post sounds like you. Until then, content is written
              from your company name alone.
            </Text>
          </Stack>
          <form onSubmit={submit} noValidate aria-label="Add your website">
            <Group align="flex-start" gap="sm">
              <TextInput
                label="Website URL"
                placeholder="www.yourcompany.com"
                autoComplete="url"
                required
                style={{ flex: 1, minWidth: 220 }}
                {...form.getInputProps('url')}
              />
              <Button
                type="submit"
                mt={25}
                loading={scan.isPending}
                leftSection={<IconWorldSearch size={18} />}
              >
                Scan website
              </Button>
            </Group>
          </form>
        </Stack>
      </Group>
    </Card>
  );
};
