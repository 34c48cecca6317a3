import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { LINKEDIN_POSTS_KEY, LINKEDIN_POSTS_PAGE_SIZE } from './linkedin-posts-keys';

/** One page of saved posts (one-based), newest first; also says which writer new posts get. */
export const useLinkedinPosts = (page: number) =>
  useQuery({
    queryKey: [...LINKEDIN_POSTS_KEY, 'page', page],
    queryFn: () => callApi(CALLS.getLinkedinPosts, { query: { page, limit: LINKEDIN_POSTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLinkedinPost = (id: number | null) =>
  useQuery({
    queryKey: [...LINKEDIN_POSTS_KEY, 'one', id],
    queryFn: () => callApi(CALLS.getLinkedinPost, { params: { id } }),
    enabled: id !== null,
    staleTime: 0,
  });
