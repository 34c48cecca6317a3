import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export type TAdminUsersParams = { page: number; limit: number; query: string };

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** One page of accounts (zero-based page, newest first), searched by e-mail. */
export const useAdminUsers = ({ page, limit, query }: TAdminUsersParams) =>
  useQuery({
    queryKey: [...ADMIN_USERS_KEY, { page, limit, query }],
    queryFn: () => callApi(CALLS.getAdminUsers, { query: { page, limit, query } }),
    placeholderData: keepPreviousData,
  });
