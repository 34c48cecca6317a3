import {
  ZChallengeResponse,
  ZChangePasswordRequest,
  ZErrorBody,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZNotVerifiedError,
  ZRefreshResponse,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZVerifyOtpRequest,
} from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { bearerToken, callerOf } from '../../http/authenticate';
import { endSessions } from './end-sessions';
import { login } from './login';
import { changePassword, forgotPassword, resetPassword } from './passwords';
import { refreshSession } from './refresh-session';
import { register } from './register';
import { resendOtp, verifyOtp } from './verify-otp';

const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const errors = { 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody };
const publicRoute = { access: 'public' as const };

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/register',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Create an account; mails a 6-digit code',
          security: [],
          body: ZRegisterRequest,
          response: { 200: ZChallengeResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) =>
        register(deps, {
          email: request.body.email,
          password: request.body.password,
          captchaToken: request.body.captcha_token,
          subscriptionType: request.body.subscription_type,
          ip: request.ip,
        }),
    );

    app.post(
      '/verify_otp',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Verify the e-mail address with the mailed code; signs in',
          security: [],
          body: ZVerifyOtpRequest,
          response: { 200: ZLoginResponse, ...errors },
        },
      },
      (request) => verifyOtp(deps, { ...request.body, ...clientMeta(request) }),
    );

    app.post(
      '/resend_otp',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Mail a new code for a pending verification',
          security: [],
          body: ZResendOtpRequest,
          response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
        },
      },
      (request) => resendOtp(deps, { token: request.body.token, ip: request.ip }),
    );

    app.post(
      '/loginv2',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Sign in',
          security: [],
          body: ZLoginRequest,
          response: { 200: ZLoginResponse, 403: ZNotVerifiedError, ...errors },
        },
      },
      (request) =>
        login(deps, {
          email: request.body.email,
          password: request.body.password,
          captchaToken: request.body.captcha_token,
          ...clientMeta(request),
        }),
    );

    app.post(
      '/refresh',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Exchange the refresh token (as bearer) for new tokens; each refresh token works once',
          response: { 200: ZRefreshResponse, ...errors },
        },
      },
      (request) => refreshSession(deps, bearerToken(request)),
    );

    app.post(
      '/logout',
      {
        config: { allowInactive: true },
        schema: {
          tags: ['account'],
          summary: 'End this session',
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        await endSessions(deps, { sessionId: callerOf(request).sessionId }, 'logout');
        return { message: 'Logged out' };
      },
    );

    app.post(
      '/forgot_password',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Mail a password reset code; answers alike for unknown addresses',
          security: [],
          body: ZForgotPasswordRequest,
          response: { 200: ZChallengeResponse, ...errors },
        },
      },
      (request) =>
        forgotPassword(deps, {
          email: request.body.email,
          captchaToken: request.body.captcha_token,
          ip: request.ip,
        }),
    );

    app.post(
      '/reset_password',
      {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Set a new password with the mailed code; ends every session',
          security: [],
          body: ZResetPasswordRequest,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => resetPassword(deps, { ...request.body, ip: request.ip }),
    );

    app.post(
      '/change_password',
      {
        schema: {
          tags: ['account'],
          summary: "Change the signed-in user's password; ends the other sessions",
          body: ZChangePasswordRequest,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) =>
        changePassword(deps, callerOf(request), {
          oldPassword: request.body.old_password,
          newPassword: request.body.new_password,
        }),
    );
  };
