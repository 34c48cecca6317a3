import {
  ZBlogIdParams,
  ZBlogResponse,
  ZBlogsQuery,
  ZBlogsResponse,
  ZBlogTopicsResponse,
  ZGenerateBlogRequest,
  ZRegenerateSectionRequest,
  ZSetBlogPictureRequest,
  ZSuggestBlogTopicsRequest,
  ZSuggestBlogTopicsResponse,
  ZUpdateBlogRequest,
} from '../blogs';
import { ZMessageResponse } from '../common';
import { call } from './call';

/** The blogs calls. */
export const blogsCalls = {
  suggestBlogTopics: call({
    method: 'POST',
    path: '/api/blogs/topics',
    body: ZSuggestBlogTopicsRequest,
    response: ZSuggestBlogTopicsResponse,
  }),
  getBlogTopics: call({ method: 'GET', path: '/api/blogs/topics', response: ZBlogTopicsResponse }),
  createBlog: call({
    method: 'POST',
    path: '/api/blogs',
    body: ZGenerateBlogRequest,
    response: ZBlogResponse,
    status: 202,
  }),
  getBlogs: call({ method: 'GET', path: '/api/blogs', query: ZBlogsQuery, response: ZBlogsResponse }),
  getBlog: call({ method: 'GET', path: '/api/blogs/:id', params: ZBlogIdParams, response: ZBlogResponse }),
  updateBlog: call({
    method: 'PUT',
    path: '/api/blogs/:id',
    params: ZBlogIdParams,
    body: ZUpdateBlogRequest,
    response: ZBlogResponse,
  }),
  regenerateBlogSection: call({
    method: 'POST',
    path: '/api/blogs/:id/regenerate_section',
    params: ZBlogIdParams,
    body: ZRegenerateSectionRequest,
    response: ZBlogResponse,
  }),
  setBlogPicture: call({
    method: 'PUT',
    path: '/api/blogs/:id/picture',
    params: ZBlogIdParams,
    body: ZSetBlogPictureRequest,
    response: ZBlogResponse,
  }),
  getBlogPicture: call({
    method: 'GET',
    path: '/api/blogs/:id/picture',
    params: ZBlogIdParams,
    response: 'file',
  }),
  deleteBlog: call({
    method: 'DELETE',
    path: '/api/blogs/:id',
    params: ZBlogIdParams,
    response: ZMessageResponse,
  }),
};
