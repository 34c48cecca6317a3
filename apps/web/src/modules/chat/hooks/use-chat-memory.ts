import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';

/**
 * The chat's persisted client state (spec §3 "chat"): the chat last open, so /chat goes back to it, and
 * the unsent draft of each chat ("new" for the New Chat view). Cleared with the rest at sign-out.
 */
type TChatMemory = { lastChatId: string | null; drafts: Record<string, string> };

export const CHAT_MEMORY_KEY = 'sales-assist.chat';
/** Spec §3: the chat's restore time-out. Reopening the last chat gives up after it and shows New Chat. */
export const CHAT_RESTORE_TIMEOUT_MS = 5000;

export const useChatMemory = () => {
  const [memory, setMemory] = useLocalStorage<TChatMemory>({
    key: CHAT_MEMORY_KEY,
    defaultValue: { lastChatId: null, drafts: {} },
    getInitialValueInEffect: false,
  });
  const remember = useCallback(
    (lastChatId: string | null) => setMemory((current) => ({ ...current, lastChatId })),
    [setMemory],
  );
  const setDraft = useCallback(
    (key: string, text: string) =>
      setMemory((current) => {
        const drafts = { ...current.drafts };
        if (text) drafts[key] = text;
        else delete drafts[key];
        return { ...current, drafts };
      }),
    [setMemory],
  );
  return { lastChatId: memory.lastChatId ?? null, drafts: memory.drafts ?? {}, remember, setDraft };
};
