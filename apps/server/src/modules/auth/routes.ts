import { CALLS, ZErrorBody, ZNotVerifiedError } from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { bearerToken, callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
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
    app.route({
      ...callRoute(CALLS.register, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Create an account; mails a 6-digit code',
          security: [],
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) =>
        register(deps, {
          email: request.body.email,
          password: request.body.password,
          captchaToken: request.body.captcha_token,
          subscriptionType: request.body.subscription_type,
          ip: request.ip,
        }),
    });

    app.route({
      ...callRoute(CALLS.verifyOtp, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Verify the e-mail address with the mailed code; signs in',
          security: [],
          response: { ...errors },
        },
      }),
      handler: (request) => verifyOtp(deps, { ...request.body, ...clientMeta(request) }),
    });

    app.route({
      ...callRoute(CALLS.resendOtp, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Mail a new code for a pending verification',
          security: [],
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => resendOtp(deps, { token: request.body.token, ip: request.ip }),
    });

    app.route({
      ...callRoute(CALLS.login, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Sign in',
          security: [],
          response: { 403: ZNotVerifiedError, ...errors },
        },
      }),
      handler: (request) =>
        login(deps, {
          email: request.body.email,
          password: request.body.password,
          captchaToken: request.body.captcha_token,
          ...clientMeta(request),
        }),
    });

    app.route({
      ...callRoute(CALLS.refresh, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Exchange the refresh token (as bearer) for new tokens; each refresh token works once',
          response: { ...errors },
        },
      }),
      handler: (request) => refreshSession(deps, bearerToken(request)),
    });

    app.route({
      ...callRoute(CALLS.logout, {
        config: { allowInactive: true },
        schema: { tags: ['account'], summary: 'End this session', response: { ...errors } },
      }),
      handler: async (request) => {
        await endSessions(deps, { sessionId: callerOf(request).sessionId }, 'logout');
        return { message: 'Logged out' };
      },
    });

    app.route({
      ...callRoute(CALLS.forgotPassword, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Mail a password reset code; answers alike for unknown addresses',
          security: [],
          response: { ...errors },
        },
      }),
      handler: (request) =>
        forgotPassword(deps, {
          email: request.body.email,
          captchaToken: request.body.captcha_token,
          ip: request.ip,
        }),
    });

    app.route({
      ...callRoute(CALLS.resetPassword, {
        config: publicRoute,
        schema: {
          tags: ['account'],
          summary: 'Set a new password with the mailed code; ends every session',
          security: [],
          response: { ...errors },
        },
      }),
      handler: (request) => resetPassword(deps, { ...request.body, ip: request.ip }),
    });

    app.route({
      ...callRoute(CALLS.changePassword, {
        schema: {
          tags: ['account'],
          summary: "Change the signed-in user's password; ends the other sessions",
          response: { ...errors },
        },
      }),
      handler: (request) =>
        changePassword(deps, callerOf(request), {
          oldPassword: request.body.old_password,
          newPassword: request.body.new_password,
        }),
    });
  };
