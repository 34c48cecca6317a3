import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { LEAD_COUNT_KEY } from './campaigns-keys';

type TLeadCountInput = { listId: number | null; firstDegreeOut: boolean; noPictureOut: boolean };

/** Step 2's "{n} leads selected": the list's leads the campaign would take after the exclusions. */
export const useCampaignLeadCount = ({ listId, firstDegreeOut, noPictureOut }: TLeadCountInput) => {
  const query = {
    list_id: listId ?? 0,
    connection_degree: firstDegreeOut ? 1 : 0,
    isProfilePic: noPictureOut ? 1 : 0,
  };
  return useQuery({
    queryKey: [...LEAD_COUNT_KEY, query],
    queryFn: () => callApi(CALLS.campaignLeadCount, { query }),
    enabled: listId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};
