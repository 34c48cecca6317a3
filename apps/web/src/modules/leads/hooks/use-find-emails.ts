import {
  CALLS,
  FIND_EMAILS_MAX,
  type TAllLeadsResponse,
  type TFindEmailResult,
} from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../app/api/call-api';
import { sessionStore } from '../../../app/session/session-store';
import { ALL_LEADS_KEY, LEADS_KEY } from './leads-keys';

export const EMAIL_FINDER_KEY = [...LEADS_KEY, 'email-finder'] as const;

/** Whether an e-mail finder is configured (Find Email then looks up), else what to set up. */
export const useEmailFinderStatus = () =>
  useQuery({
    queryKey: EMAIL_FINDER_KEY,
    queryFn: () => callApi(CALLS.emailFinderStatus, {}),
    staleTime: 5 * 60_000,
  });

export type TFindEmailsOutcome = {
  found: number;
  notFound: number;
  /** Leads not looked up: found before, or without a company to look in. */
  skipped: number;
  /** Why the lookups stopped before the last lead, when they did. */
  stopped: string | null;
};

/**
 * Find Email on a selection: the server takes FIND_EMAILS_MAX leads a call, so a larger selection is sent
 * in turns, one after the other, and `progress` says how far it has come. Each lead's new e-mail goes into
 * the loaded pages at once. A refusal (no credits, the provider's key or rate limit) ends the turns.
 */
export const useFindEmails = () => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const showResults = (results: TFindEmailResult[]) => {
    const byId = new Map(results.map((result) => [result.lead_id, result.email]));
    queryClient.setQueriesData<TAllLeadsResponse>({ queryKey: ALL_LEADS_KEY }, (data) =>
      data
        ? {
            ...data,
            leads: data.leads.map((lead) =>
              byId.has(lead.id) ? { ...lead, email: byId.get(lead.id) ?? lead.email } : lead,
            ),
          }
        : data,
    );
  };

  const mutation = useMutation({
    mutationFn: async (ids: number[]): Promise<TFindEmailsOutcome> => {
      const outcome: TFindEmailsOutcome = { found: 0, notFound: 0, skipped: 0, stopped: null };
      setProgress({ done: 0, total: ids.length });
      try {
        for (let start = 0; start < ids.length; start += FIND_EMAILS_MAX) {
          const turn = ids.slice(start, start + FIND_EMAILS_MAX);
          const answer = await callApi(CALLS.findEmails, { body: { lead_ids: turn }, toastErrors: false });
          showResults(answer.results);
          // The header's balance follows the credits the e-mails found cost.
          sessionStore.update({ credits: answer.credits });
          outcome.found += answer.found;
          outcome.notFound += answer.not_found;
          outcome.skipped += answer.results.length - answer.found - answer.not_found;
          setProgress({ done: Math.min(start + answer.results.length, ids.length), total: ids.length });
          if (answer.stopped) {
            outcome.stopped = answer.stopped;
            break;
          }
        }
        return outcome;
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress };
};
