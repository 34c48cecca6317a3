import {
  CALLS,
  SOCIAL_MESSAGES,
  type TCreateSocialPostsRequest,
  type TRegenerateSocialImageRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { SOCIALS_KEY } from './socials-keys';

/** Writes the posts (402 opens the premium pop-up, as every call does). */
export const useCreateSocialPosts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateSocialPostsRequest) => callApi(CALLS.createSocialPosts, { body: request }),
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
    mutationFn: (text: string) => callApi(CALLS.updateSocialPost, { params: { id }, body: { text } }),
    onSuccess: (answer) => {
      keep(answer);
      toast('success', SOCIAL_MESSAGES.saved);
    },
  });
  const regenerateText = useMutation({
    mutationFn: () => callApi(CALLS.regenerateSocialPostText, { params: { id } }),
    onSuccess: keep,
  });
  const regenerateImage = useMutation({
    mutationFn: (request: TRegenerateSocialImageRequest) =>
      callApi(CALLS.regenerateSocialPostImage, { params: { id }, body: request }),
    onSuccess: keep,
  });
  const remove = useMutation({
    mutationFn: () => callApi(CALLS.deleteSocialPost, { params: { id } }),
    onSuccess: ({ message }) => {
      toast('success', message);
      queryClient.removeQueries({ queryKey: [...SOCIALS_KEY, 'one', id] });
      void queryClient.invalidateQueries({ queryKey: [...SOCIALS_KEY, 'page'] });
    },
  });
  return { save, regenerateText, regenerateImage, remove };
};
