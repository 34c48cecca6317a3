import { CALLS, type TBrandProfileResponse, type TUpdateBrandProfileRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { useAddWebsite } from '../../website/hooks/use-add-website';

export const BRAND_PROFILE_QUERY_KEY = ['brand-profile'] as const;

/** GET /api/brand_profile: what every piece of content is written from. */
export const useBrandProfile = () =>
  useQuery({
    queryKey: BRAND_PROFILE_QUERY_KEY,
    queryFn: () => callApi(CALLS.getBrandProfile, {}),
  });

/** PUT /api/brand_profile; the answer is the saved profile, so the form starts from it. */
export const useUpdateBrandProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateBrandProfileRequest) => callApi(CALLS.updateBrandProfile, { body: input }),
    onSuccess: (profile: TBrandProfileResponse) => {
      queryClient.setQueryData(BRAND_PROFILE_QUERY_KEY, profile);
      toast('success', 'Brand profile saved');
    },
  });
};

/**
 * add_website from Settings: "Scan again" with the stored address, or a first website. The fields
 * the user edited stay as they are; the rest is read again. Failures are shown by the caller.
 */
export const useScanWebsite = () => {
  const queryClient = useQueryClient();
  const add = useAddWebsite();
  return useMutation({
    mutationFn: (websiteUrl: string) => add.mutateAsync(websiteUrl),
    onSuccess: async ({ website_name }) => {
      await queryClient.invalidateQueries({ queryKey: BRAND_PROFILE_QUERY_KEY });
      // Themes in the brand look are drawn with the colours and logo just read.
      void queryClient.invalidateQueries({ queryKey: ['infographic-themes'] });
      toast('success', `${website_name} scanned: your brand profile is up to date`);
    },
  });
};
