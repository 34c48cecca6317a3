import {
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BRAND_PROFILE_LIMITS,
  BRAND_TONES,
  type TBrandField,
  type TBrandProfileResponse,
  ZUpdateBrandProfileRequest,
} from '@sales-assist/contract';
import { IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/api/toast';
import { useScanWebsite, useUpdateBrandProfile } from '../hooks/use-brand-profile';
import { BrandLook } from './brand-look';

type TBrandValues = {
  company: string;
  offer: string;
  audience: string;
  tone: string;
  key_phrases: string[];
};

const valuesOf = (profile: TBrandProfileResponse): TBrandValues => ({
  company: profile.company,
  offer: profile.offer,
  audience: profile.audience,
  tone: profile.tone,
  key_phrases: profile.key_phrases,
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A field's label, with a badge when the user wrote it (a rescan keeps it). */
const Label = ({ text, edited }: { text: string; edited: boolean }): ReactNode => (
  <>
    {text}
    {edited && (
      <Badge
        ml={6}
        size="xs"
        variant="light"
        color="grape"
        title="You edited this field: scanning again keeps it"
      >
        Edited
      </Badge>
    )}
  </>
);

/**
 * The brand profile read from the website, shown and corrected here: company, offer, audience,
 * tone of voice and key phrases (PUT /api/brand_profile). "Scan again" reads the stored website
 * again; the fields the user edited stay as they are.
 */
export const BrandProfileCard = ({ profile }: { profile: TBrandProfileResponse }) => {
  const update = useUpdateBrandProfile();
  const scan = useScanWebsite();
  const form = useForm<TBrandValues>({
    initialValues: valuesOf(profile),
    validate: schemaResolver(ZUpdateBrandProfileRequest, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the server's profile when it changes (save, rescan)
  useEffect(() => {
    form.setInitialValues(valuesOf(profile));
    form.setValues(valuesOf(profile));
  }, [profile]);

  const edited = (field: TBrandField) => profile.edited_fields.includes(field);
  const keyPhraseError = Object.entries(form.errors).find(([path]) => path.startsWith('key_phrases'))?.[1];
  const rescan = () => {
    if (!profile.website_url) return;
    scan.mutate(profile.website_url, {
      onError: (error) =>
        toast('error', error instanceof ApiError ? error.message : 'We could not read your website.'),
    });
  };

  return (
    <Card>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={4}>Brand profile</Title>
          <Text size="sm" c="dimmed">
            What Sales Assist knows about your company. Every blog post and LinkedIn post is written from it;
            correct anything that is off.
          </Text>
          <Text size="xs" c="dimmed">
            Read from{' '}
            <Text span size="xs" fw={600} c="dark">
              {profile.website_url}
            </Text>
            {profile.scanned_at && ` on ${dateFormat.format(new Date(profile.scanned_at))}`}
          </Text>
        </Stack>
        <Button
          variant="default"
          onClick={rescan}
          loading={scan.isPending}
          disabled={update.isPending}
          leftSection={<IconRefresh size={18} />}
        >
          Scan again
        </Button>
      </Group>
      <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate aria-label="Brand profile">
        <Stack gap="md">
          <TextInput
            label={<Label text="Company" edited={edited('company')} />}
            required
            maxLength={BRAND_PROFILE_LIMITS.company}
            {...form.getInputProps('company')}
          />
          <Textarea
            label={<Label text="What you offer" edited={edited('offer')} />}
            description="What your company sells, in a sentence or two."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={BRAND_PROFILE_LIMITS.offer}
            {...form.getInputProps('offer')}
          />
          <Textarea
            label={<Label text="Audience" edited={edited('audience')} />}
            description="Who it is for: roles, company types, industries."
            autosize
            minRows={2}
            maxRows={5}
            maxLength={BRAND_PROFILE_LIMITS.audience}
            {...form.getInputProps('audience')}
          />
          <Autocomplete
            label={<Label text="Tone of voice" edited={edited('tone')} />}
            description="Pick one or describe your own."
            data={[...BRAND_TONES]}
            maxLength={BRAND_PROFILE_LIMITS.tone}
            {...form.getInputProps('tone')}
          />
          <TagsInput
            label={<Label text="Key phrases" edited={edited('key_phrases')} />}
            description={`Press Enter after each phrase; at most ${BRAND_PROFILE_LIMITS.keyPhrases}.`}
            maxTags={BRAND_PROFILE_LIMITS.keyPhrases}
            clearable
            acceptValueOnBlur
            {...form.getInputProps('key_phrases')}
            error={keyPhraseError}
          />
          {profile.website_summary && (
            <Paper withBorder p="sm" radius="md" bg="gray.0">
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                Website summary (from your site, used in every prompt)
              </Text>
              <Text size="sm">{profile.website_summary}</Text>
            </Paper>
          )}
          <BrandLook profile={profile} />
          <Group justify="flex-end">
            <Button
              type="button"
              variant="subtle"
              color="gray"
              disabled={!form.isDirty() || update.isPending}
              onClick={() => form.reset()}
            >
              Undo changes
            </Button>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!form.isDirty() || scan.isPending}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              Save brand profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
