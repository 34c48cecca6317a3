import { ZMessageResponse } from '../common';
import {
  ZGenerateLinkedinPostsRequest,
  ZKeepLinkedinPostRequest,
  ZLinkedinPost,
  ZLinkedinPostIdParams,
  ZLinkedinPostsQuery,
  ZLinkedinPostsResponse,
  ZUpdateLinkedinPostRequest,
} from '../linkedin-posts';
import { call } from './call';

/** The linkedin posts calls. */
export const linkedinPostsCalls = {
  generateLinkedinPosts: call({
    method: 'POST',
    path: '/api/linkedin-posts/generate',
    body: ZGenerateLinkedinPostsRequest,
    response: 'event-stream',
  }),
  createLinkedinPost: call({
    method: 'POST',
    path: '/api/linkedin-posts',
    body: ZKeepLinkedinPostRequest,
    // 201 kept now; 200 when that variant was already kept (the route lists both).
    response: ZLinkedinPost,
    status: 201,
  }),
  getLinkedinPosts: call({
    method: 'GET',
    path: '/api/linkedin-posts',
    query: ZLinkedinPostsQuery,
    response: ZLinkedinPostsResponse,
  }),
  getLinkedinPost: call({
    method: 'GET',
    path: '/api/linkedin-posts/:id',
    params: ZLinkedinPostIdParams,
    response: ZLinkedinPost,
  }),
  updateLinkedinPost: call({
    method: 'PUT',
    path: '/api/linkedin-posts/:id',
    params: ZLinkedinPostIdParams,
    body: ZUpdateLinkedinPostRequest,
    response: ZLinkedinPost,
  }),
  deleteLinkedinPost: call({
    method: 'DELETE',
    path: '/api/linkedin-posts/:id',
    params: ZLinkedinPostIdParams,
    response: ZMessageResponse,
  }),
};
