import { createBrowserRouter } from 'react-router';
import { FullPageLoader } from '../../ui/full-page-loader';
import { AdminOnly } from '../guards/admin-only';
import { NotFoundRoute } from '../guards/not-found-route';
import { UserOnly } from '../guards/user-only';
import { comingSoon } from './coming-soon-route';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Spec §2 routes. Paths match case-insensitively, so /loginpage also answers /loginPage.
 * Features that arrive later (chat, schedule, …) fall through to "Page Not Found!".
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
                lazy: async () => ({
                  Component: (await import('../../modules/dashboard/pages/user-dashboard-page'))
                    .UserDashboardPage,
                }),
              },
            ],
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('../../modules/settings/pages/settings-page')).SettingsPage,
            }),
          },
          {
            path: 'inputs',
            lazy: async () => ({
              Component: (await import('../../modules/inputs/pages/inputs-page')).InputsPage,
            }),
          },
          {
            path: 'inputs/uploadedtexts',
            lazy: async () => ({
              Component: (await import('../../modules/inputs/pages/uploaded-texts-page')).UploadedTextsPage,
            }),
          },
          {
            path: 'inputs/uploadedimages',
            lazy: async () => ({
              Component: (await import('../../modules/inputs/pages/uploaded-images-page')).UploadedImagesPage,
            }),
          },
          ...['plan', 'pricing'].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../../modules/plan/pages/plan-page')).PlanPage }),
          })),
          {
            // Spec §4: the LinkedIn session is checked every 60 s while the person is in Outreach.
            lazy: async () => ({
              Component: (await import('../../modules/linkedin/components/outreach-layout')).OutreachLayout,
            }),
            children: [
              {
                path: 'leads',
                lazy: async () => ({
                  Component: (await import('../../modules/leads/pages/leads-page')).LeadsPage,
                }),
              },
              {
                path: 'campaigns',
                lazy: async () => ({
                  Component: (await import('../../modules/campaigns/pages/campaigns-page')).CampaignsPage,
                }),
              },
            ],
          },
          ...['website-content', 'website-content/blogs'].map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import('../../modules/blogs/pages/blogs-page')).BlogsPage,
            }),
          })),
          {
            path: 'linkedin',
            lazy: async () => ({
              Component: (await import('../../modules/linkedin-posts/pages/linkedin-posts-page'))
                .LinkedinPostsPage,
            }),
          },
          {
            path: 'allsocials',
            lazy: async () => ({
              Component: (await import('../../modules/socials/pages/all-socials-page')).AllSocialsPage,
            }),
          },
          {
            path: 'socials/content',
            lazy: async () => ({
              Component: (await import('../../modules/socials/pages/socials-content-page'))
                .SocialsContentPage,
            }),
          },
          {
            path: 'history',
            lazy: async () => ({
              Component: (await import('../../modules/history/pages/history-page')).HistoryPage,
            }),
          },
          comingSoon('videos', 'videos'),
          comingSoon('promos', 'promos'),
          comingSoon('analytics', 'analytics'),
          comingSoon('instagram', 'instagram'),
          comingSoon('whatsapp', 'whatsapp'),
          {
            // Spec §2 Ads section: the sub-navigation (Keywords, Google Ads, Facebook Ads) above each Ads page.
            path: 'advertising',
            lazy: async () => ({
              Component: (await import('../../modules/ads/components/ads-layout')).AdsLayout,
            }),
            children: [
              // Spec §2: the Ads index and /advertising/keywords both show Keywords.
              ...[{ index: true }, { path: 'keywords' }].map((route) => ({
                ...route,
                lazy: async () => ({
                  Component: (await import('../../modules/keywords/pages/keywords-page')).KeywordsPage,
                }),
              })),
              {
                path: 'google-ads',
                lazy: async () => ({
                  Component: (await import('../../modules/google-ads/pages/google-ads-page')).GoogleAdsPage,
                }),
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
                lazy: async () => ({
                  Component: (await import('../../modules/admin/pages/admin-dashboard-page'))
                    .AdminDashboardPage,
                }),
              },
              {
                path: 'usersmanagement',
                lazy: async () => ({
                  Component: (await import('../../modules/admin/pages/users-management-page'))
                    .UsersManagementPage,
                }),
              },
              {
                path: 'promptsmanagement',
                lazy: async () => ({
                  Component: (await import('../../modules/admin/pages/prompts-management-page'))
                    .PromptsManagementPage,
                }),
              },
              {
                path: 'infographic2',
                lazy: async () => ({
                  Component: (await import('../../modules/templates/pages/infographic-management-2-page'))
                    .InfographicManagement2Page,
                }),
              },
              {
                path: 'infographicmanagement',
                lazy: async () => ({
                  Component: (await import('../../modules/infographics/pages/infographic-management-page'))
                    .InfographicManagementPage,
                }),
              },
              {
                path: 'upload',
                lazy: async () => ({
                  Component: (await import('../../modules/infographics/pages/design-assets-page'))
                    .DesignAssetsPage,
                }),
              },
              {
                path: 'uploadcsv',
                lazy: async () => ({
                  Component: (await import('../../modules/upload-csv/pages/upload-csv-page')).UploadCsvPage,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
