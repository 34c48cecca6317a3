import {
  LINKEDIN_POST_MESSAGES,
  type TKeepLinkedinPostRequest,
  ZLinkedinPost,
  ZMessageResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { LINKEDIN_POSTS_KEY } from './linkedin-posts-keys';

/** Keeps one written variant as a draft (the generation saved none of them). */
export const useKeepPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TKeepLinkedinPostRequest) =>
      api('/linkedin-posts', { method: 'POST', body: request, schema: ZLinkedinPost }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};

export const useSavePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api(`/linkedin-posts/${id}`, { method: 'PUT', body: { text }, schema: ZLinkedinPost }),
    onSuccess: () => toast('success', LINKEDIN_POST_MESSAGES.saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};

export const useDeletePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/linkedin-posts/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY }),
  });
};
