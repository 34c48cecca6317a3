import {
  SOCIAL_MESSAGES,
  type TCreateSocialPostsRequest,
  type TRegenerateSocialImageRequest,
  ZCreateSocialPostsResponse,
  ZMessageResponse,
  ZSocialPostResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { SOCIALS_KEY } from './socials-keys';

/** Writes the posts (402 opens the premium pop-up, as every call does). */
export const useCreateSocialPosts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateSocialPostsRequest) =>
      api('/socials', { method: 'POST', body: request, schema: ZCreateSocialPostsResponse }),
    onSuccess: (answer) => {
      for (const post of answer.items) queryClient.setQueryData([...SOCIALS_KEY, 'one', post.id], post);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SOCIALS_KEY, 'page'] }),
  });
};

/** Saves, regenerates or deletes one post; the post's own query takes the answer at once. */
export const useSocialPostActions = (id: number) => {
  const queryClient = useQueryClient();
  const keep = (answer: { post: unknown }) => {
    queryClient.setQueryData([...SOCIALS_KEY, 'one', id], answer.post);
    void queryClient.invalidateQueries({ queryKey: [...SOCIALS_KEY, 'page'] });
  };
  const save = useMutation({
    mutationFn: (text: string) =>
      api(`/socials/${id}`, { method: 'PUT', body: { text }, schema: ZSocialPostResponse }),
    onSuccess: (answer) => {
      keep(answer);
      toast('success', SOCIAL_MESSAGES.saved);
    },
  });
  const regenerateText = useMutation({
    mutationFn: () => api(`/socials/${id}/regenerate_text`, { method: 'POST', schema: ZSocialPostResponse }),
    onSuccess: keep,
  });
  const regenerateImage = useMutation({
    mutationFn: (request: TRegenerateSocialImageRequest) =>
      api(`/socials/${id}/regenerate_image`, { method: 'POST', body: request, schema: ZSocialPostResponse }),
    onSuccess: keep,
  });
  const remove = useMutation({
    mutationFn: () => api(`/socials/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => {
      toast('success', message);
      queryClient.removeQueries({ queryKey: [...SOCIALS_KEY, 'one', id] });
      void queryClient.invalidateQueries({ queryKey: [...SOCIALS_KEY, 'page'] });
    },
  });
  return { save, regenerateText, regenerateImage, remove };
};
