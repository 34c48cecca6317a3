import { Alert, Button, Group, Paper, Progress, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import {
  GOOGLE_AD_KEYWORD_CHARS,
  GOOGLE_AD_KEYWORDS_MAX,
  GOOGLE_AD_MESSAGES,
  type TCreateGoogleAdRequest,
} from '@sales-assist/contract';
import { IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/api/api-error';
import { KeywordListPicker } from '../../keywords/components/keyword-list-picker';

type TGenerateFormProps = {
  /** The plan writes no ad now (the page says why above the form): nothing can be typed or sent. */
  unavailable?: boolean;
  pending: boolean;
  error: unknown;
  onGenerate: (request: TCreateGoogleAdRequest) => void;
};

const validUrl = (value: string): boolean => {
  if (!value.trim()) return true;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim()) ? value.trim() : `https://${value.trim()}`;
  const url = URL.parse(withScheme);
  return (
    url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  );
};

/** The landing page and the keywords (typed, or a saved list), then Generate with its progress. */
export const GenerateForm = ({ unavailable = false, pending, error, onGenerate }: TGenerateFormProps) => {
  const [landingUrl, setLandingUrl] = useState('');
  const [keywords, setKeywords] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);

  const urlError = validUrl(landingUrl) ? null : GOOGLE_AD_MESSAGES.landingUrlInvalid;
  const keywordsError = touched && keywords.length === 0 ? GOOGLE_AD_MESSAGES.keywordsRequired : null;
  const longKeyword = keywords.find((keyword) => keyword.length > GOOGLE_AD_KEYWORD_CHARS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (unavailable || urlError || longKeyword || keywords.length === 0) return;
    onGenerate({ landing_url: landingUrl.trim(), keywords });
  };

  // A 402 opens the premium pop-up (the API client does); anything else is said here.
  const failure = error instanceof ApiError && error.status !== 402 ? error.message : null;

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} aria-label="Write a Google ad">
      <Stack gap="md">
        <TextInput
          label="Landing page URL"
          description="Where the ad leads. We read the page to ground the ad; leave it empty to use your website."
          placeholder="https://www.example.com/product"
          value={landingUrl}
          onChange={(event) => setLandingUrl(event.currentTarget.value)}
          error={urlError}
          disabled={pending || unavailable}
          inputMode="url"
        />
        <TagsInput
          label="Keywords"
          description="Type a keyword and press Enter (or separate them with commas), or take them from a saved list."
          placeholder={keywords.length === 0 ? 'e.g. dental clinic scheduling' : undefined}
          value={keywords}
          onChange={(values) => setKeywords(values.map((value) => value.trim()).filter(Boolean))}
          maxTags={GOOGLE_AD_KEYWORDS_MAX}
          splitChars={[',', ';']}
          clearable
          error={
            keywordsError ??
            (longKeyword ? `A keyword can be at most ${GOOGLE_AD_KEYWORD_CHARS} characters` : null)
          }
          disabled={pending || unavailable}
        />
        <Group gap="xs">
          {/* A saved list fills the field: what is shown is what the ad is written for. */}
          <KeywordListPicker
            disabled={pending || unavailable}
            onPick={(picked) => {
              const seen = new Set(keywords.map((keyword) => keyword.toLowerCase()));
              const added = picked.filter((keyword) => !seen.has(keyword.toLowerCase()));
              setKeywords([...keywords, ...added].slice(0, GOOGLE_AD_KEYWORDS_MAX));
            }}
          />
          <Text size="xs" c="dimmed">
            Saved lists are made under Keywords.
          </Text>
        </Group>
        {failure && (
          <Alert color="red" variant="light" radius="md" title="The ad was not written">
            {failure}
          </Alert>
        )}
        {pending && (
          <Stack gap={4} aria-live="polite">
            <Progress value={100} animated striped aria-label="Writing your ad" />
            <Text size="sm" c="dimmed">
              Reading the landing page and writing up to 15 headlines, 4 descriptions and 2 paths…
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSparkles size={18} />}
            loading={pending}
            disabled={unavailable}
          >
            Generate
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
