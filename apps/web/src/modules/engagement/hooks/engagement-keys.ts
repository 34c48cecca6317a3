import type { TThreadsQuery } from '@sales-assist/contract';

/** Every inbox query lives under one key, so a reply, a label or a read refreshes the list, the thread and the badge. */
export const ENGAGEMENT_KEY = ['engagement'] as const;
export const threadsKey = (filters: TThreadsQuery) => [...ENGAGEMENT_KEY, 'threads', filters] as const;
export const threadKey = (id: number) => [...ENGAGEMENT_KEY, 'thread', id] as const;
/** The sidebar's badge (app/layout/use-engagement-badge.ts reads the same key). */
export const UNREAD_KEY = [...ENGAGEMENT_KEY, 'unread'] as const;
