import { ZMessageResponse } from '../common';
import {
  ZCreateSocialPostsRequest,
  ZCreateSocialPostsResponse,
  ZRegenerateSocialImageRequest,
  ZSocialPostIdParams,
  ZSocialPostResponse,
  ZSocialPostsResponse,
  ZSocialsQuery,
  ZUpdateSocialPostRequest,
} from '../socials';
import { call } from './call';

/** The socials calls. */
export const socialsCalls = {
  createSocialPosts: call({
    method: 'POST',
    path: '/api/socials',
    body: ZCreateSocialPostsRequest,
    response: ZCreateSocialPostsResponse,
    status: 201,
  }),
  getSocialPosts: call({
    method: 'GET',
    path: '/api/socials',
    query: ZSocialsQuery,
    response: ZSocialPostsResponse,
  }),
  getSocialPost: call({
    method: 'GET',
    path: '/api/socials/:id',
    params: ZSocialPostIdParams,
    response: ZSocialPostResponse,
  }),
  updateSocialPost: call({
    method: 'PUT',
    path: '/api/socials/:id',
    params: ZSocialPostIdParams,
    body: ZUpdateSocialPostRequest,
    response: ZSocialPostResponse,
  }),
  regenerateSocialPostText: call({
    method: 'POST',
    path: '/api/socials/:id/regenerate_text',
    params: ZSocialPostIdParams,
    response: ZSocialPostResponse,
  }),
  regenerateSocialPostImage: call({
    method: 'POST',
    path: '/api/socials/:id/regenerate_image',
    params: ZSocialPostIdParams,
    body: ZRegenerateSocialImageRequest,
    response: ZSocialPostResponse,
  }),
  deleteSocialPost: call({
    method: 'DELETE',
    path: '/api/socials/:id',
    params: ZSocialPostIdParams,
    response: ZMessageResponse,
  }),
  getSocialPostImage: call({
    method: 'GET',
    path: '/api/socials/:id/image',
    params: ZSocialPostIdParams,
    response: 'file',
  }),
};
