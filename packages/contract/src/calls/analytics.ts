import {
  ZContentAnalyticsQuery,
  ZContentAnalyticsResponse,
  ZContentPostsQuery,
  ZContentPostsResponse,
  ZOutreachAnalyticsQuery,
  ZOutreachAnalyticsResponse,
  ZReadPostFiguresResponse,
} from '../analytics';
import { call } from './call';

/** The analytics calls. */
export const analyticsCalls = {
  getOutreachAnalytics: call({
    method: 'GET',
    path: '/api/analytics/outreach',
    query: ZOutreachAnalyticsQuery,
    response: ZOutreachAnalyticsResponse,
  }),
  getContentAnalytics: call({
    method: 'GET',
    path: '/api/analytics/content',
    query: ZContentAnalyticsQuery,
    response: ZContentAnalyticsResponse,
  }),
  listContentPosts: call({
    method: 'GET',
    path: '/api/analytics/content/posts',
    query: ZContentPostsQuery,
    response: ZContentPostsResponse,
  }),
  readPostFigures: call({
    method: 'POST',
    path: '/api/analytics/content/posts/read',
    response: ZReadPostFiguresResponse,
  }),
};
