import type { RouteObject } from 'react-router';
import type { TComingSoonKey } from '../../modules/coming-soon/components/coming-soon-catalog';

/** A route showing one of the spec's "coming soon" pages. */
export const comingSoon = (path: string, feature: TComingSoonKey): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoonPage } = await (await import('./protected-pages')).loadComingSoonPage();
    return { element: <ComingSoonPage feature={feature} /> };
  },
});
