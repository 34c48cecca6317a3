import { ZMessageResponse } from '../common';
import {
  ZAdminInfographicThemeResponse,
  ZAdminInfographicThemesResponse,
  ZAssetIdParams,
  ZCreateInfographicThemeRequest,
  ZDesignAssetResponse,
  ZDesignAssetsQuery,
  ZDesignAssetsResponse,
  ZInfographicPreviewRequest,
  ZInfographicThemesResponse,
  ZRetireInfographicThemeRequest,
  ZThemeIdParams,
  ZUpdateInfographicThemeRequest,
} from '../infographic-admin';
import { call } from './call';

/** The infographics calls. */
export const infographicsCalls = {
  getAdminAssets: call({
    method: 'GET',
    path: '/api/admin/assets',
    query: ZDesignAssetsQuery,
    response: ZDesignAssetsResponse,
  }),
  // 201 uploaded now; 200 when the same file was uploaded before (the route lists both).
  uploadAdminAsset: call({
    method: 'POST',
    path: '/api/admin/assets',
    response: ZDesignAssetResponse,
    status: 201,
  }),
  deleteAdminAsset: call({
    method: 'DELETE',
    path: '/api/admin/assets/:id',
    params: ZAssetIdParams,
    response: ZMessageResponse,
  }),
  getAdminAssetFile: call({
    method: 'GET',
    path: '/api/admin/assets/:id/file',
    params: ZAssetIdParams,
    response: 'file',
  }),
  getAdminAssetThumbnail: call({
    method: 'GET',
    path: '/api/admin/assets/:id/thumbnail',
    params: ZAssetIdParams,
    response: 'file',
  }),
  getInfographicThemes: call({
    method: 'GET',
    path: '/api/infographic-themes',
    response: ZInfographicThemesResponse,
  }),
  getInfographicThemePreview: call({
    method: 'GET',
    path: '/api/infographic-themes/:id/preview',
    params: ZThemeIdParams,
    response: 'file',
  }),
  getAdminInfographicThemes: call({
    method: 'GET',
    path: '/api/admin/infographics/themes',
    response: ZAdminInfographicThemesResponse,
  }),
  createAdminInfographicTheme: call({
    method: 'POST',
    path: '/api/admin/infographics/themes',
    body: ZCreateInfographicThemeRequest,
    response: ZAdminInfographicThemeResponse,
    status: 201,
  }),
  updateAdminInfographicTheme: call({
    method: 'PUT',
    path: '/api/admin/infographics/themes/:id',
    params: ZThemeIdParams,
    body: ZUpdateInfographicThemeRequest,
    response: ZAdminInfographicThemeResponse,
  }),
  setAdminInfographicThemeRetired: call({
    method: 'PUT',
    path: '/api/admin/infographics/themes/:id/retired',
    params: ZThemeIdParams,
    body: ZRetireInfographicThemeRequest,
    response: ZAdminInfographicThemeResponse,
  }),
  previewAdminInfographic: call({
    method: 'POST',
    path: '/api/admin/infographics/preview',
    body: ZInfographicPreviewRequest,
    response: 'file',
  }),
};
