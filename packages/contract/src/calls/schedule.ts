import { ZMessageResponse } from '../common';
import {
  ZRescheduleRequest,
  ZScheduleCreatedResponse,
  ZScheduleDetailResponse,
  ZScheduleIdParams,
  ZScheduleItemResponse,
  ZScheduleListResponse,
  ZScheduleQuery,
  ZScheduleRequest,
  ZScheduleTargetsResponse,
} from '../schedule';
import { call } from './call';

/** The schedule calls. */
export const scheduleCalls = {
  getScheduledPosts: call({
    method: 'GET',
    path: '/api/schedule',
    query: ZScheduleQuery,
    response: ZScheduleListResponse,
  }),
  getScheduleTargets: call({
    method: 'GET',
    path: '/api/schedule/targets',
    response: ZScheduleTargetsResponse,
  }),
  schedulePost: call({
    method: 'POST',
    path: '/api/schedule',
    body: ZScheduleRequest,
    response: ZScheduleCreatedResponse,
    status: 201,
  }),
  getScheduledPost: call({
    method: 'GET',
    path: '/api/schedule/:id',
    params: ZScheduleIdParams,
    response: ZScheduleDetailResponse,
  }),
  updateScheduledPost: call({
    method: 'PATCH',
    path: '/api/schedule/:id',
    params: ZScheduleIdParams,
    body: ZRescheduleRequest,
    response: ZScheduleItemResponse,
  }),
  deleteScheduledPost: call({
    method: 'DELETE',
    path: '/api/schedule/:id',
    params: ZScheduleIdParams,
    response: ZMessageResponse,
  }),
  retryScheduledPost: call({
    method: 'POST',
    path: '/api/schedule/:id/retry',
    params: ZScheduleIdParams,
    response: ZScheduleItemResponse,
  }),
};
