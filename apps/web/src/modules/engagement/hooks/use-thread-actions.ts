import { CALLS, ENGAGEMENT_MESSAGES, type TLeadLabel, type TThreadDetail } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ENGAGEMENT_KEY, threadKey } from './engagement-keys';

/** After a change the open thread shows the server's answer at once, and the list and badge reload. */
const useSettle = () => {
  const client = useQueryClient();
  return (thread: TThreadDetail) => {
    client.setQueryData(threadKey(thread.id), thread);
    void client.invalidateQueries({ queryKey: ENGAGEMENT_KEY });
  };
};

/** POST /engagement/threads/:id/read: opened, so its messages are read (the badge follows). */
export const useMarkRead = () => {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.markThreadRead, { params: { id }, toastErrors: false }),
    onSuccess: settle,
  });
};

/** POST /engagement/threads/:id/reply: sent through LinkedIn; a refusal shows its reason as a toast. */
export const useReply = () => {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      callApi(CALLS.replyToThread, { params: { id }, body: { text } }),
    onSuccess: ({ message, thread }) => {
      settle(thread);
      toast('success', message);
    },
  });
};

/** POST /engagement/threads/:id/suggestion: a reply to edit, by the AI model or an offline draft. */
export const useSuggestReply = () =>
  useMutation({
    mutationFn: (id: number) => callApi(CALLS.suggestReply, { params: { id } }),
  });

/** PUT /engagement/threads/:id/label: the lead's label (null takes it off). */
export const useLabelLead = () => {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, label }: { id: number; label: TLeadLabel | null }) =>
      callApi(CALLS.labelThreadLead, { params: { id }, body: { label } }),
    onSuccess: (thread) => {
      settle(thread);
      toast('success', ENGAGEMENT_MESSAGES.labelSaved);
    },
  });
};
