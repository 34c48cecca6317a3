import {
  BLOG_MESSAGES,
  type TBlogPost,
  type TGenerateBlogRequest,
  type TRegenerateSectionRequest,
  type TUpdateBlogRequest,
  ZBlogResponse,
  ZMessageResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { PLAN_USAGE_QUERY_KEY } from '../../plan/hooks/use-plan-usage';
import { BLOG_PAGES_KEY, BLOG_POST_KEY } from './blogs-keys';

/** Starts writing a post (one blog unit); the grid shows it generating at once. */
export const useGenerateBlog = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TGenerateBlogRequest) =>
      (await api('/blogs', { method: 'POST', body: request, schema: ZBlogResponse })).blog,
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
      (await api(`/blogs/${id}`, { method: 'PUT', body: request, schema: ZBlogResponse })).blog,
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
      (
        await api(`/blogs/${id}/regenerate_section`, {
          method: 'POST',
          body: request,
          schema: ZBlogResponse,
        })
      ).blog,
    onSuccess: (blog) => {
      keepPost(queryClient, blog);
      toast('success', 'Section rewritten and saved');
    },
  });
};

export const useDeleteBlog = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/blogs/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
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
