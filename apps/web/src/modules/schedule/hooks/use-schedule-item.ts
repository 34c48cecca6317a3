import { ZScheduleDetailResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { scheduleItemKey } from './schedule-keys';

/** GET /schedule/{id}: the item with its content's text and every publishing attempt (the drawer). */
export const useScheduleItem = (id: number | null) =>
  useQuery({
    queryKey: scheduleItemKey(id ?? 0),
    queryFn: () => api(`/schedule/${id}`, { schema: ZScheduleDetailResponse, toastErrors: false }),
    enabled: id !== null,
    staleTime: 0,
  });
