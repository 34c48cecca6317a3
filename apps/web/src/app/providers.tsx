import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { theme } from './theme';

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications
        position="top-right"
        autoClose={5000}
        limit={5}
        zIndex={1000}
        // global.css moves the top-right stack below the header (its LinkedIn controls stay usable).
        classNames={{ root: 'app-notifications' }}
      />
      {children}
    </MantineProvider>
  </QueryClientProvider>
);
