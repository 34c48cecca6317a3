import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { AdsSubNav } from './ads-sub-nav';

/**
 * Route layout of the Ads section (/advertising, /advertising/keywords, /advertising/google-ads,
 * /advertising/facebook-ads): the spec's sub-navigation above whichever Ads page is open.
 */
export const AdsLayout = () => (
  <Box>
    <AdsSubNav />
    <Outlet />
  </Box>
);
