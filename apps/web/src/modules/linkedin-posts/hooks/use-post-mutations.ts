import { CALLS, LINKEDIN_POST_MESSAGES, type TKeepLinkedinPostRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { LINKEDIN_POSTS_KEY } from './linkedin-posts-keys';

/** Keeps one written variant as a draft (the generation saved none of them). */
export const useKeepPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TKeepLinkedinPostRequest) => callApi(CALLS.createLinkedinPost, { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};

export const useSavePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      callApi(CALLS.updateLinkedinPost, { params: { id }, body: { text } }),
    onSuccess: () => toast('success', LINKEDIN_POST_MESSAGES.saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};

export const useDeletePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteLinkedinPost, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};
