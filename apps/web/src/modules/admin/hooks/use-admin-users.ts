import { ZAdminUsersResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

export type TAdminUsersParams = { page: number; limit: number; query: string };

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** One page of accounts (zero-based page, newest first), searched by e-mail. */
export const useAdminUsers = ({ page, limit, query }: TAdminUsersParams) =>
  useQuery({
    queryKey: [...ADMIN_USERS_KEY, { page, limit, query }],
    queryFn: () => api('/admin/users', { query: { page, limit, query }, schema: ZAdminUsersResponse }),
    placeholderData: keepPreviousData,
  });
