import { CALLS, type TBlogsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { BLOG_PAGES_KEY, GENERATING_REFRESH_MS } from './blogs-keys';

const writing = (data: TBlogsResponse | undefined): boolean =>
  data?.blogs.some((blog) => blog.status === 'generating') ?? false;

/** One page of 9 posts (one-based); asks again every 2 s while a post on it is being written. */
export const useBlogs = (page: number) =>
  useQuery({
    queryKey: [...BLOG_PAGES_KEY, page],
    queryFn: () => callApi(CALLS.getBlogs, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (writing(query.state.data) ? GENERATING_REFRESH_MS : false),
    staleTime: 0,
  });
