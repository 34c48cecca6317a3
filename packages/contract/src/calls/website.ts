import { ZBrandProfileResponse, ZUpdateBrandProfileRequest } from '../brand-profile';
import { ZAddWebsiteRequest, ZAddWebsiteResponse, ZSkipWebsiteResponse } from '../website';
import { call } from './call';

/** The website calls. */
export const websiteCalls = {
  addWebsite: call({
    method: 'POST',
    path: '/api/add_website',
    body: ZAddWebsiteRequest,
    response: ZAddWebsiteResponse,
  }),
  skipWebsite: call({ method: 'POST', path: '/api/skip_website', response: ZSkipWebsiteResponse }),
  getBrandProfile: call({ method: 'GET', path: '/api/brand_profile', response: ZBrandProfileResponse }),
  getBrandLogo: call({ method: 'GET', path: '/api/brand-profile/logo', response: 'file' }),
  updateBrandProfile: call({
    method: 'PUT',
    path: '/api/brand_profile',
    body: ZUpdateBrandProfileRequest,
    response: ZBrandProfileResponse,
  }),
};
