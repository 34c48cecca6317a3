import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { AppDeps } from './app-deps';
import { addCommonAnswers, reportUnlistedAnswers, type UnlistedAnswer } from './http/answer-statuses';
import { addAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errors';
import { openApiTransform } from './http/openapi-transform';
import { refuseNulCharacters } from './http/refuse-nul';
import { adminRoutes } from './modules/admin/routes';
import { adminCsvImportRoutes } from './modules/admin-csv-import/routes';
import { addAiBudget } from './modules/ai-budget/ai-budget-gate';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { blogsRoutes } from './modules/blogs/routes';
import { builtInModelRoutes } from './modules/built-in-model/routes';
import { campaignsRoutes } from './modules/campaigns/routes';
import { chatRoutes } from './modules/chat/routes';
import { engagementRoutes } from './modules/engagement/routes';
import { googleAdsRoutes } from './modules/google-ads/routes';
import { historyRoutes } from './modules/history/routes';
import { infographicsRoutes } from './modules/infographics/routes';
import { inputsRoutes } from './modules/inputs/routes';
import { integrationsRoutes } from './modules/integrations/routes';
import { keywordsRoutes } from './modules/keywords/routes';
import { leadsRoutes } from './modules/leads/routes';
import { linkedinRoutes } from './modules/linkedin/routes';
import { sandboxMediaRoutes } from './modules/linkedin/sandbox-media';
import { linkedinPostsRoutes } from './modules/linkedin-posts/routes';
import { noticesRoutes } from './modules/notices/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { planLimitsRoutes } from './modules/plan-limits/routes';
import { profileRoutes } from './modules/profile/routes';
import { promptsRoutes } from './modules/prompts/routes';
import { prospectResearchRoutes } from './modules/prospect-research/routes';
import { publicFilesRoutes } from './modules/public-files/routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { socialsRoutes } from './modules/socials/routes';
import { systemRoutes } from './modules/system/routes';
import { templatesRoutes } from './modules/templates/routes';
import { websiteRoutes } from './modules/website/routes';

export type App = FastifyInstance;
export type ApiScope = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

/** Header values that are secrets never reach the log, whatever a serializer or a handler logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.li_at',
];

export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination);

export type BuildOptions = {
  /**
   * Tests: called with every answer whose status its route's response schema (so the OpenAPI document)
   * does not list. Unset in the product: the check costs a lookup per answer and changes nothing.
   */
  onUnlistedAnswer?: (answer: UnlistedAnswer) => void;
  /** Tests: told every route as it is registered (test/contract-calls.test.ts compares them with the contract). */
  onRoute?: (route: RouteOptions) => void;
};

export const buildApp = async (
  deps: AppDeps,
  logger: Logger = createLogger(deps.config.logLevel),
  options: BuildOptions = {},
): Promise<App> => {
  // Widened so the instance keeps Fastify's default logger type, which plugins and helpers expect.
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);

  // The Facebook login's SDK (facebook.net, or the platform sandbox's stand-in) and, in sandbox mode, the
  // sandbox's pictures of connected accounts (served over http on loopback).
  const sdkOrigin = new URL(deps.publishing.facebookLogin.sdkUrl).origin;
  const linkedinPictures = new URL(deps.publishing.linkedin.apiBaseUrl).origin;
  const publishingPictures = [sdkOrigin, linkedinPictures].filter((origin) => origin.startsWith('http:'));
  // Embedded Checkout: Stripe.js (Stripe's, or the sandbox's stand-in) mounts Checkout in a frame of its
  // origin and calls its API; with real Stripe that is js.stripe.com, its frames and api.stripe.com.
  const stripeOrigin = new URL(deps.payments.scriptUrl).origin;
  const stripeOrigins = deps.payments.sandbox
    ? [stripeOrigin]
    : [stripeOrigin, 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'];
  // helmet's headers from one middleware built here: @fastify/helmet builds helmet's middleware again for
  // every request, parsing and writing out the CSP directives each time (~5 % of a list page's CPU, measured).
  const securityHeaders = helmet({
    // The LinkedIn and Facebook login popups go to their platform and come back to our origin: any
    // Cross-Origin-Opener-Policy on our pages (which the popup's first blank page inherits) makes the
    // browser cut the page's handle on its popup, and spec §4 reads the popup's return address.
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: {
      directives: {
        // reCAPTCHA v3 loads its script and frame from Google when a site key is configured.
        'script-src': [
          "'self'",
          'https://www.google.com',
          'https://www.gstatic.com',
          sdkOrigin,
          ...stripeOrigins,
        ],
        'frame-src': [
          "'self'",
          'https://www.google.com',
          'https://www.facebook.com',
          'https://web.facebook.com',
          ...stripeOrigins,
        ],
        'connect-src': ["'self'", ...(deps.payments.sandbox ? [stripeOrigin] : ['https://api.stripe.com'])],
        // blob: the app shows pictures it fetched with the bearer token (inputs' images and thumbnails).
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...publishingPictures],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sales Assist API',
        version: '1.0.0',
        description:
          'Every call answers JSON; errors are { error, message }. Send the access token as a bearer token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      addAuthentication(api, deps);
      // Before any route: every route's response schema gains the statuses any call can answer.
      addCommonAnswers(api);
      if (options.onUnlistedAnswer) reportUnlistedAnswers(api, options.onUnlistedAnswer);
      // Before any route: every model-backed route (config.aiBudget) passes the account's model budget.
      addAiBudget(api, deps);
      await api.register(systemRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(websiteRoutes(deps));
      await api.register(leadsRoutes(deps));
      await api.register(linkedinRoutes(deps));
      await api.register(adminRoutes(deps));
      await api.register(builtInModelRoutes(deps));
      await api.register(campaignsRoutes(deps));
      await api.register(historyRoutes(deps));
      await api.register(inputsRoutes(deps));
      await api.register(blogsRoutes(deps));
      await api.register(linkedinPostsRoutes(deps));
      await api.register(googleAdsRoutes(deps));
      await api.register(keywordsRoutes(deps));
      await api.register(planLimitsRoutes(deps));
      await api.register(promptsRoutes(deps));
      await api.register(prospectResearchRoutes(deps));
      await api.register(infographicsRoutes(deps));
      await api.register(socialsRoutes(deps));
      await api.register(templatesRoutes(deps));
      await api.register(adminCsvImportRoutes(deps));
      await api.register(integrationsRoutes(deps));
      await api.register(scheduleRoutes(deps));
      await api.register(noticesRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(publicFilesRoutes(deps));
      await api.register(chatRoutes(deps));
      await api.register(engagementRoutes(deps));
      await api.register(analyticsRoutes(deps));
    },
    { prefix: '/api' },
  );

  await app.register(sandboxMediaRoutes(deps));
  await serveWebApp(app, deps.config.webDistDir);
  return app;
};

/** Hashed file names (Vite's `name-[hash].js`): their content never changes under the same name. */
const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA at `/`; any other non-API path answers index.html so client-side routes load. Files are
 * sent precompressed (the build's .br and .gz copies, by the browser's Accept-Encoding, with `Vary:
 * Accept-Encoding`). Hashed assets are cached for a year without revalidation; everything else, index.html
 * first, is revalidated on every use (`no-cache` with its ETag), so a new build is picked up at once.
 */
const serveWebApp = async (app: FastifyInstance, distDir: string): Promise<void> => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build" to serve it`);
    return;
  }
  const assetsDir = path.join(distDir, HASHED_ASSETS_PREFIX);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by preCompressed, not asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true }, config: { access: 'public' } }, (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A missing API call or build file is a 404, never the page: a browser holding an old build's chunk
    // name must not cache index.html under it for a year.
    if (urlPath.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No such call: ${request.method} ${urlPath}` });
    }
    if (urlPath.startsWith(HASHED_ASSETS_PREFIX)) {
      return reply.code(404).send({ error: 'not_found', message: `No such file in this build: ${urlPath}` });
    }
    // Files of the build are served by their own routes (wildcard: false); anything else is a client route.
    return reply.type('text/html').sendFile('index.html');
  });
};
