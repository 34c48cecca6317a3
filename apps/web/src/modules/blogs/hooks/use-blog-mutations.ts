import {
  BLOG_MESSAGES,
  CALLS,
  type TBlogPost,
  type TGenerateBlogRequest,
  type TRegenerateSectionRequest,
  type TSetBlogPictureRequest,
  type TUpdateBlogRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { PLAN_USAGE_QUERY_KEY } from '../../plan/hooks/use-plan-usage';
import { BLOG_PAGES_KEY, BLOG_POST_KEY } from './blogs-keys';

/** Starts writing a post (one blog unit); the grid shows it generating at once. */
export const useGenerateBlog = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TGenerateBlogRequest) =>
      (await callApi(CALLS.createBlog, { body: request })).blog,
    onSuccess: () => toast('success', 'Writing your post: it appears below as it goes'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BLOG_PAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: PLAN_USAGE_QUERY_KEY });
    },
  });
};

const keepPost = (queryClient: ReturnType<typeof useQueryClient>, blog: TBlogPost) => {
  queryClient.setQueryData([...BLOG_POST_KEY, blog.id], blog);
  void queryClient.invalidateQueries({ queryKey: BLOG_PAGES_KEY });
};

export const useUpdateBlog = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TUpdateBlogRequest) =>
      (await callApi(CALLS.updateBlog, { params: { id }, body: request })).blog,
    onSuccess: (blog) => {
      keepPost(queryClient, blog);
      toast('success', BLOG_MESSAGES.saved);
    },
  });
};

export const useRegenerateSection = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TRegenerateSectionRequest) =>
      (await callApi(CALLS.regenerateBlogSection, { params: { id }, body: request })).blog,
    onSuccess: (blog) => {
      keepPost(queryClient, blog);
      toast('success', 'Section rewritten and saved');
    },
  });
};

/** Chooses the post's picture (its featured image on WordPress), or takes it away. */
export const useSetBlogPicture = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TSetBlogPictureRequest) =>
      (await callApi(CALLS.setBlogPicture, { params: { id }, body: request })).blog,
    onSuccess: (blog) => {
      keepPost(queryClient, blog);
      toast('success', blog.picture ? BLOG_MESSAGES.pictureSaved : BLOG_MESSAGES.pictureRemoved);
    },
  });
};

export const useDeleteBlog = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteBlog, { params: { id } }),
    onSuccess: ({ message }, id) => {
      queryClient.removeQueries({ queryKey: [...BLOG_POST_KEY, id] });
      toast('success', message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BLOG_PAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: PLAN_USAGE_QUERY_KEY });
    },
  });
};
