import { createBrowserRouter } from 'react-router';
import { FullPageLoader } from '../../ui/full-page-loader';
import { AdminOnly } from '../guards/admin-only';
import { NotFoundRoute } from '../guards/not-found-route';
import { UserOnly } from '../guards/user-only';
import { comingSoon } from './coming-soon-route';
import { PAYMENT_SUCCESS_ROUTE } from './payment-routes';
import { protectedPage } from './protected-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Spec §2 routes. Paths match case-insensitively, so /loginpage also answers /loginPage.
 * Features that arrive later fall through to "Page Not Found!". The protected pages
 * load through protected-pages.ts (protectedPage), which keeps their preload lists off the sign-in page.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: 'loginpage',
        lazy: async () => ({ Component: (await import('../../modules/auth/pages/login-page')).LoginPage }),
      },
      {
        path: 'registerPage',
        lazy: async () => ({
          Component: (await import('../../modules/auth/pages/register-page')).RegisterPage,
        }),
      },
      {
        path: 'verificationpage',
        lazy: async () => ({
          Component: (await import('../../modules/auth/pages/verification-page')).VerificationPage,
        }),
      },
      {
        path: 'getotp',
        lazy: async () => ({
          Component: (await import('../../modules/auth/pages/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      ...['changepassword', 'password'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../../modules/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      })),
      {
        path: 'website',
        lazy: async () => ({
          Component: (await import('../../modules/website/pages/website-page')).WebsitePage,
        }),
      },
      {
        // The LinkedIn popup's return page (spec §4): the Integrations page reads the code from its address.
        path: 'integrations/linkedin/callback',
        lazy: async () => ({
          Component: (await import('../../modules/integrations/pages/linkedin-callback-page'))
            .LinkedinCallbackPage,
        }),
      },
      {
        path: 'loader',
        lazy: async () => ({ Component: (await import('../../modules/auth/pages/loader-page')).LoaderPage }),
      },
      {
        // The app shell (sidebar, menus, pop-ups) loads with the first protected page, so the public
        // screens (sign-in, sign-up, codes) download only what they show.
        lazy: async () => ({ Component: (await import('../guards/protected-area')).ProtectedArea }),
        children: [
          {
            element: <UserOnly />,
            children: [
              {
                index: true,
                lazy: protectedPage('userDashboardPage'),
              },
            ],
          },
          {
            // Spec §2 Sales Assist Chat: /chat (New Chat or the chat last open) and /chat/:id, one route so a
            // new chat keeps its stream when its address gains the id.
            path: 'chat/:id?',
            lazy: protectedPage('chatPage'),
          },
          {
            path: 'settings',
            lazy: protectedPage('settingsPage'),
          },
          {
            path: 'inputs',
            lazy: protectedPage('inputsPage'),
          },
          {
            path: 'inputs/uploadedtexts',
            lazy: protectedPage('uploadedTextsPage'),
          },
          {
            path: 'inputs/uploadedimages',
            lazy: protectedPage('uploadedImagesPage'),
          },
          {
            path: 'plan',
            lazy: protectedPage('planPage'),
          },
          {
            path: 'pricing',
            lazy: protectedPage('pricingPage'),
          },
          {
            path: 'checkout/:id',
            lazy: protectedPage('checkoutPage'),
          },
          {
            // Stripe Checkout's return_url.
            path: PAYMENT_SUCCESS_ROUTE,
            lazy: protectedPage('paymentSuccessPage'),
          },
          {
            // Spec §4: the LinkedIn session is checked every 60 s while the person is in Outreach.
            lazy: protectedPage('outreachLayout'),
            children: [
              {
                path: 'leads',
                lazy: protectedPage('leadsPage'),
              },
              {
                path: 'campaigns',
                lazy: protectedPage('campaignsPage'),
              },
              {
                // Outreach → Engagement: the inbox of the campaigns' LinkedIn threads.
                path: 'engagement',
                lazy: protectedPage('engagementPage'),
              },
              {
                // Research reads LinkedIn through the user's account: the li_at dialog lives in this layout.
                path: 'prospect-research',
                lazy: protectedPage('prospectResearchPage'),
              },
            ],
          },
          ...['website-content', 'website-content/blogs'].map((path) => ({
            path,
            lazy: protectedPage('blogsPage'),
          })),
          {
            path: 'linkedin',
            lazy: protectedPage('linkedinPostsPage'),
          },
          {
            path: 'allsocials',
            lazy: protectedPage('allSocialsPage'),
          },
          {
            path: 'socials/content',
            lazy: protectedPage('socialsContentPage'),
          },
          {
            path: 'history',
            lazy: protectedPage('historyPage'),
          },
          {
            path: 'integrations',
            lazy: protectedPage('integrationsPage'),
          },
          {
            path: 'schedule',
            lazy: protectedPage('schedulePage'),
          },
          comingSoon('videos', 'videos'),
          comingSoon('promos', 'promos'),
          {
            path: 'analytics',
            lazy: protectedPage('analyticsPage'),
          },
          comingSoon('instagram', 'instagram'),
          comingSoon('whatsapp', 'whatsapp'),
          {
            // Spec §2 Ads section: the sub-navigation (Keywords, Google Ads, Facebook Ads) above each Ads page.
            path: 'advertising',
            lazy: protectedPage('adsLayout'),
            children: [
              // Spec §2: the Ads index and /advertising/keywords both show Keywords.
              ...[{ index: true }, { path: 'keywords' }].map((route) => ({
                ...route,
                lazy: protectedPage('keywordsPage'),
              })),
              {
                path: 'google-ads',
                lazy: protectedPage('googleAdsPage'),
              },
              comingSoon('facebook-ads', 'facebookAds'),
            ],
          },
          {
            path: 'admin',
            element: <AdminOnly />,
            children: [
              {
                index: true,
                lazy: protectedPage('adminDashboardPage'),
              },
              {
                path: 'usersmanagement',
                lazy: protectedPage('usersManagementPage'),
              },
              {
                path: 'plans',
                lazy: protectedPage('adminPlansPage'),
              },
              {
                path: 'ai-usage',
                lazy: protectedPage('adminAiUsagePage'),
              },
              {
                path: 'ai-model',
                lazy: protectedPage('adminAiModelPage'),
              },
              {
                path: 'promptsmanagement',
                lazy: protectedPage('promptsManagementPage'),
              },
              {
                path: 'infographic2',
                lazy: protectedPage('infographicManagement2Page'),
              },
              {
                path: 'infographicmanagement',
                lazy: protectedPage('infographicManagementPage'),
              },
              {
                path: 'upload',
                lazy: protectedPage('designAssetsPage'),
              },
              {
                path: 'uploadcsv',
                lazy: protectedPage('uploadCsvPage'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
