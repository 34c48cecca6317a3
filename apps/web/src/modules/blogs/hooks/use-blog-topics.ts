import { CALLS, type TSuggestBlogTopicsRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { PLAN_USAGE_QUERY_KEY } from '../../plan/hooks/use-plan-usage';
import { BLOG_TOPICS_KEY } from './blogs-keys';

/** The latest topic suggestions, newest first. */
export const useBlogTopics = () =>
  useQuery({
    queryKey: BLOG_TOPICS_KEY,
    queryFn: async () => (await callApi(CALLS.getBlogTopics, {})).topics,
  });

/** Suggests topics (one topic unit each; a reached limit opens the premium pop-up through the 402). */
export const useSuggestTopics = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TSuggestBlogTopicsRequest) => callApi(CALLS.suggestBlogTopics, { body: request }),
    onSuccess: ({ topics, remaining }) =>
      toast(
        'success',
        `${topics.length} ${topics.length === 1 ? 'topic' : 'topics'} suggested; ${remaining} left this month`,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BLOG_TOPICS_KEY });
      void queryClient.invalidateQueries({ queryKey: PLAN_USAGE_QUERY_KEY });
    },
  });
};
