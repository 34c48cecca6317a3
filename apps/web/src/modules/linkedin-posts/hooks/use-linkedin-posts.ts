import { ZLinkedinPost, ZLinkedinPostsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { LINKEDIN_POSTS_KEY, LINKEDIN_POSTS_PAGE_SIZE } from './linkedin-posts-keys';

/** One page of saved posts (one-based), newest first; also says which writer new posts get. */
export const useLinkedinPosts = (page: number) =>
  useQuery({
    queryKey: [...LINKEDIN_POSTS_KEY, 'page', page],
    queryFn: () =>
      api('/linkedin-posts', {
        query: { page, limit: LINKEDIN_POSTS_PAGE_SIZE },
        schema: ZLinkedinPostsResponse,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLinkedinPost = (id: number | null) =>
  useQuery({
    queryKey: [...LINKEDIN_POSTS_KEY, 'one', id],
    queryFn: () => api(`/linkedin-posts/${id}`, { schema: ZLinkedinPost }),
    enabled: id !== null,
    staleTime: 0,
  });
