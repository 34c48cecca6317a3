import { CALLS, type TLeadResearch } from '@sales-assist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../app/api/api-error';
import { callApi } from '../../../app/api/call-api';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { leadResearchKey, RESEARCH_KEY, researchLeadsKey } from './research-keys';

/** The user's leads matching `q` (without it, the ones researched last). */
export const useResearchLeads = (q: string) =>
  useQuery({
    queryKey: researchLeadsKey(q),
    queryFn: async () => (await callApi(CALLS.searchResearchLeads, { query: { q } })).leads,
    placeholderData: keepPreviousData,
  });

/** The card saved on a lead: null when it was never researched (the API's 404). */
export const useLeadResearch = (leadId: number | null) =>
  useQuery({
    queryKey: leadResearchKey(leadId ?? 0),
    enabled: leadId !== null,
    queryFn: async (): Promise<TLeadResearch | null> => {
      try {
        return await callApi(CALLS.getLeadResearch, { params: { id: leadId ?? 0 }, toastErrors: false });
      } catch (error) {
        if (isApiError(error) && error.status === 404 && error.code === 'not_found') return null;
        throw error;
      }
    },
  });

/** Researches a lead (again); a LinkedIn session to save opens the li_at dialog. */
export const useResearchLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, website }: { leadId: number; website?: string }) =>
      callApi(CALLS.researchLead, {
        params: { id: leadId },
        body: website ? { website } : {},
      }),
    onSuccess: (research) => {
      queryClient.setQueryData(leadResearchKey(research.lead.id), research);
      void queryClient.invalidateQueries({ queryKey: [...RESEARCH_KEY, 'leads'] });
    },
    onError: (error) => {
      if (isApiError(error) && error.body.expired === true) cookieDialog.open();
    },
  });
};
