import { CALLS, type TSocialPost } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { SOCIALS_KEY } from './socials-keys';

/** While a picture is being made, its post is read again this often. */
const RENDERING_POLL_MS = 1_000;

/** One page of 10 posts (one-based), newest first; also says which writer and image model there are. */
export const useSocialPosts = (page: number) =>
  useQuery({
    queryKey: [...SOCIALS_KEY, 'page', page],
    queryFn: () => callApi(CALLS.getSocialPosts, { query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((post) => post.image.status === 'rendering')
        ? RENDERING_POLL_MS * 2
        : false,
  });

/** One post, read again every second while its picture is being made. */
export const useSocialPost = (id: number | null, initial?: TSocialPost) =>
  useQuery({
    queryKey: [...SOCIALS_KEY, 'one', id],
    queryFn: async () => (await callApi(CALLS.getSocialPost, { params: { id } })).post,
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.image.status === 'rendering' ? RENDERING_POLL_MS : false),
  });

/** The themes offered for pictures (not retired), with their preview addresses. */
export const useInfographicThemes = () =>
  useQuery({
    queryKey: ['infographic-themes', 'list'],
    queryFn: () => callApi(CALLS.getInfographicThemes, {}),
    staleTime: 60_000,
  });

/** The caller's uploaded images, newest first, for the picture source "One of my images". */
export const useImageInputChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['socials', 'image-choices'],
    queryFn: () =>
      callApi(CALLS.getInputs, { query: { kind: 'image', page: 0, limit: 60 }, toastErrors: false }),
    enabled,
    staleTime: 30_000,
  });
