import { Button, Paper, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ADS_NAV_ITEMS, activeAdsItem } from './ads-nav-items';

/** Spec §2 "Ads sub-navigation": Keywords, Google Ads, Facebook Ads, as links (keyboard and middle-click work). */
export const AdsSubNav = () => {
  const { pathname } = useLocation();
  const active = activeAdsItem(pathname);
  return (
    <ScrollArea type="never" maw={1200} mx="auto" mb="lg">
      <Paper
        component="nav"
        aria-label="Ads"
        p={4}
        radius="lg"
        bg="var(--mantine-color-default-hover)"
        w="fit-content"
        style={{ display: 'flex', gap: 4 }}
      >
        {ADS_NAV_ITEMS.map((item) => {
          const Icon = item.icon;
          const isActive = item === active;
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              variant={isActive ? 'white' : 'subtle'}
              color={isActive ? 'blue' : 'gray'}
              radius="md"
              leftSection={<Icon size={18} stroke={1.7} />}
              aria-current={isActive ? 'page' : undefined}
              style={isActive ? { boxShadow: 'var(--mantine-shadow-xs)' } : undefined}
            >
              {item.label}
            </Button>
          );
        })}
      </Paper>
    </ScrollArea>
  );
};
