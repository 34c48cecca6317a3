import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { toast } from '../api/toast';
import { captchaToken, preloadCaptcha, type TCaptchaAction } from './recaptcha';
import { appConfigQuery, useAppConfig } from './use-app-config';

/** Gives forms a function that yields the captcha token for an action (spec §4: login, sign-up). */
export const useCaptcha = (): ((action: TCaptchaAction) => Promise<string>) => {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const siteKey = config.data?.recaptcha_site_key ?? null;

  useEffect(() => preloadCaptcha(siteKey), [siteKey]);

  return useCallback(
    async (action: TCaptchaAction) => {
      const { recaptcha_site_key } = await queryClient.fetchQuery(appConfigQuery).catch(() => ({
        recaptcha_site_key: null,
      }));
      try {
        return await captchaToken(recaptcha_site_key, action);
      } catch (error) {
        toast('error', 'The security check could not load. Please reload the page.', 'captcha_failed');
        throw error;
      }
    },
    [queryClient],
  );
};
