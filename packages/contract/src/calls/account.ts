import {
  ZChallengeResponse,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZRefreshResponse,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZVerifyOtpRequest,
} from '../auth';
import { ZMessageResponse } from '../common';
import { ZPlanUsageResponse } from '../plan-usage';
import { ZCrmTitleRequest, ZMeResponse, ZUpdateMeRequest } from '../profile';
import { call } from './call';

/** The account calls. */
export const accountCalls = {
  register: call({
    method: 'POST',
    path: '/api/register',
    body: ZRegisterRequest,
    response: ZChallengeResponse,
  }),
  verifyOtp: call({
    method: 'POST',
    path: '/api/verify_otp',
    body: ZVerifyOtpRequest,
    response: ZLoginResponse,
  }),
  resendOtp: call({
    method: 'POST',
    path: '/api/resend_otp',
    body: ZResendOtpRequest,
    response: ZMessageResponse,
  }),
  login: call({ method: 'POST', path: '/api/loginv2', body: ZLoginRequest, response: ZLoginResponse }),
  refresh: call({ method: 'POST', path: '/api/refresh', response: ZRefreshResponse }),
  logout: call({ method: 'POST', path: '/api/logout', response: ZMessageResponse }),
  forgotPassword: call({
    method: 'POST',
    path: '/api/forgot_password',
    body: ZForgotPasswordRequest,
    response: ZChallengeResponse,
  }),
  resetPassword: call({
    method: 'POST',
    path: '/api/reset_password',
    body: ZResetPasswordRequest,
    response: ZMessageResponse,
  }),
  changePassword: call({
    method: 'POST',
    path: '/api/change_password',
    body: ZChangePasswordRequest,
    response: ZMessageResponse,
  }),
  getMe: call({ method: 'GET', path: '/api/me', response: ZMeResponse }),
  updateMe: call({ method: 'PUT', path: '/api/me', body: ZUpdateMeRequest, response: ZMeResponse }),
  updateMeCrmTitle: call({
    method: 'PUT',
    path: '/api/me/crm_title',
    body: ZCrmTitleRequest,
    response: ZMeResponse,
  }),
  getPlanUsage: call({ method: 'GET', path: '/api/plan_usage', response: ZPlanUsageResponse }),
};
