import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

/**
 * The protected area's pages. Their dynamic imports live here, not in the router, so the list of chunks
 * each page preloads is downloaded with the protected area instead of with the sign-in page (it grows with
 * every screen; the public pages never need it).
 */
export const PROTECTED_PAGES = {
  userDashboardPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/dashboard/pages/user-dashboard-page')).UserDashboardPage,
  }),
  chatPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/chat/pages/chat-page')).ChatPage,
  }),
  settingsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/settings/pages/settings-page')).SettingsPage,
  }),
  inputsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/inputs/pages/inputs-page')).InputsPage,
  }),
  uploadedTextsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/inputs/pages/uploaded-texts-page')).UploadedTextsPage,
  }),
  uploadedImagesPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/inputs/pages/uploaded-images-page')).UploadedImagesPage,
  }),
  planPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/plan/pages/plan-page')).PlanPage,
  }),
  pricingPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/payments/pages/pricing-page')).PricingPage,
  }),
  checkoutPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/payments/pages/checkout-page')).CheckoutPage,
  }),
  paymentSuccessPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/payments/pages/payment-success-page')).PaymentSuccessPage,
  }),
  outreachLayout: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/linkedin/components/outreach-layout')).OutreachLayout,
  }),
  leadsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/leads/pages/leads-page')).LeadsPage,
  }),
  campaignsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/campaigns/pages/campaigns-page')).CampaignsPage,
  }),
  engagementPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/engagement/pages/engagement-page')).EngagementPage,
  }),
  prospectResearchPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/prospect-research/pages/prospect-research-page'))
      .ProspectResearchPage,
  }),
  blogsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/blogs/pages/blogs-page')).BlogsPage,
  }),
  linkedinPostsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/linkedin-posts/pages/linkedin-posts-page')).LinkedinPostsPage,
  }),
  allSocialsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/socials/pages/all-socials-page')).AllSocialsPage,
  }),
  socialsContentPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/socials/pages/socials-content-page')).SocialsContentPage,
  }),
  integrationsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/integrations/pages/integrations-page')).IntegrationsPage,
  }),
  schedulePage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/schedule/pages/schedule-page')).SchedulePage,
  }),
  analyticsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/analytics/pages/analytics-page')).AnalyticsPage,
  }),
  historyPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/history/pages/history-page')).HistoryPage,
  }),
  adsLayout: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/ads/components/ads-layout')).AdsLayout,
  }),
  keywordsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/keywords/pages/keywords-page')).KeywordsPage,
  }),
  googleAdsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/google-ads/pages/google-ads-page')).GoogleAdsPage,
  }),
  adminDashboardPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/admin-dashboard-page')).AdminDashboardPage,
  }),
  usersManagementPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/users-management-page')).UsersManagementPage,
  }),
  adminPlansPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/plans-page')).PlansPage,
  }),
  adminAiUsagePage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/ai-usage-page')).AiUsagePage,
  }),
  adminAiModelPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/ai-model-page')).AiModelPage,
  }),
  promptsManagementPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/admin/pages/prompts-management-page')).PromptsManagementPage,
  }),
  infographicManagement2Page: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/templates/pages/infographic-management-2-page'))
      .InfographicManagement2Page,
  }),
  infographicManagementPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/infographics/pages/infographic-management-page'))
      .InfographicManagementPage,
  }),
  designAssetsPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/infographics/pages/design-assets-page')).DesignAssetsPage,
  }),
  uploadCsvPage: async (): Promise<TPageModule> => ({
    Component: (await import('../../modules/upload-csv/pages/upload-csv-page')).UploadCsvPage,
  }),
};
export type TProtectedPage = keyof typeof PROTECTED_PAGES;

/** The spec's "coming soon" pages (one component, told which feature). */
export const loadComingSoonPage = () => import('../../modules/coming-soon/pages/coming-soon-page');
