import {
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { LINKEDIN_MESSAGES, type TLeadImportMethod } from '@sales-assist/contract';
import { IconBrandLinkedin, IconCloudDownload, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/api/toast';
import { useLiAtStatus } from '../../linkedin/hooks/use-li-at-status';
import { useStoreCookie } from '../../linkedin/hooks/use-store-cookie';
import { useListOptions } from '../hooks/use-list-options';
import { useLeadImport } from '../hooks/use-search-import';
import type { TExtractionMethod } from './extraction-methods';
import { LEAD_IMPORT_FORMS, leadImportRequest, type TImportCheckbox } from './lead-import-forms';
import { ListChoiceFields, type TListChoice } from './list-choice-fields';

type TErrors = { url?: string; sessionId?: string; checks?: string };
type TChecks = Partial<Record<TImportCheckbox['key'], boolean>>;

const initialChecks = (method: TLeadImportMethod): TChecks =>
  Object.fromEntries(LEAD_IMPORT_FORMS[method].checkboxes.map((c) => [c.key, c.initial]));

type TLeadImportDialogProps = {
  method: TExtractionMethod & { key: TLeadImportMethod };
  onClose: () => void;
  onStarted: () => void;
};

/**
 * Spec §2/§5 lead import dialog: the method's title, its own address and checkboxes, the list, a
 * "LinkedIn Session ID" (the li_at cookie; optional while a working session is saved) and Import.
 * Every empty required field says "Please fill the field".
 */
export const LeadImportDialog = ({ method, onClose, onStarted }: TLeadImportDialogProps) => {
  const form = LEAD_IMPORT_FORMS[method.key];
  const [url, setUrl] = useState('');
  const [checks, setChecks] = useState<TChecks>(() => initialChecks(method.key));
  const [choice, setChoice] = useState<TListChoice>({ listId: null, newName: '' });
  const [sessionId, setSessionId] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const options = useListOptions();
  const linkedin = useLiAtStatus();
  const saved = linkedin.data?.connected === true && !linkedin.data.expired;
  const storeCookie = useStoreCookie();
  const leadImport = useLeadImport({ onStarted, onInvalid: (message) => setErrors({ url: message }) });
  const busy = storeCookie.isPending || leadImport.isPending;

  const chosenName = options.data?.lists.find((list) => String(list.id) === choice.listId)?.name ?? '';
  const listName = choice.newName.trim() || chosenName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: TErrors = {};
    if (!url.trim()) found.url = LINKEDIN_MESSAGES.fillTheField;
    if (!saved && !sessionId.trim()) found.sessionId = LINKEDIN_MESSAGES.fillTheField;
    if (form.checkboxes.length > 0 && !form.checkboxes.some((c) => checks[c.key]))
      found.checks = LINKEDIN_MESSAGES.chooseWhatToImport;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!listName) return toast('warning', LINKEDIN_MESSAGES.selectOrCreateList);
    if (sessionId.trim()) {
      try {
        await storeCookie.mutateAsync({ li_at: sessionId.trim() });
      } catch (error) {
        return setErrors({
          sessionId: isApiError(error) ? error.message : 'The session could not be checked',
        });
      }
    }
    leadImport.mutate(leadImportRequest(method.key, url.trim(), listName, checks));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      size="lg"
      title={
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={32} radius="md">
            <method.icon size={20} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {method.title}
          </Text>
        </Group>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {form.intro}
          </Text>
          <TextInput
            label={form.urlLabel}
            placeholder={form.placeholder}
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setErrors((e) => ({ ...e, url: undefined }));
            }}
            error={errors.url}
            leftSection={<IconBrandLinkedin size={18} />}
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            data-autofocus
          />
          {form.checkboxes.length > 0 && (
            <Input.Wrapper label="Import" error={errors.checks}>
              <Group gap="lg" mt={6}>
                {form.checkboxes.map((c) => (
                  <Checkbox
                    key={c.key}
                    label={c.label}
                    checked={checks[c.key] === true}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setChecks((all) => ({ ...all, [c.key]: checked }));
                      setErrors((e) => ({ ...e, checks: undefined }));
                    }}
                  />
                ))}
              </Group>
            </Input.Wrapper>
          )}
          <ListChoiceFields value={choice} onChange={setChoice} exclusive={false} />
          <PasswordInput
            label="LinkedIn Session ID"
            description={
              saved
                ? `Connected as ${linkedin.data?.name ?? 'your LinkedIn member'}: leave empty to use that session, or paste another li_at cookie.`
                : 'Your li_at cookie from linkedin.com: it signs the import in to LinkedIn.'
            }
            placeholder={saved ? 'Using your saved session' : 'Paste your li_at cookie'}
            value={sessionId}
            onChange={(event) => {
              setSessionId(event.currentTarget.value);
              setErrors((e) => ({ ...e, sessionId: undefined }));
            }}
            error={errors.sessionId}
            leftSection={<IconKey size={16} />}
            withAsterisk={!saved}
            autoComplete="off"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconCloudDownload size={18} />}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
