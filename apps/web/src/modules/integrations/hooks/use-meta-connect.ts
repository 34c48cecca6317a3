import { INTEGRATION_MESSAGES, INTEGRATION_TEXTS } from '@sales-assist/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/api/toast';
import { facebookLogin, loadedFacebookSdk, loadFacebookSdk } from '../lib/facebook-sdk';
import { useIntegrationsConfig, useSendToken } from './use-integrations';

/**
 * Spec §4: Facebook and Instagram connect through the Facebook login; on status connected the token is
 * sent (POST /gentoken), otherwise "Some error occurred. Please try again later". The SDK is loaded with
 * the page, so FB.login runs inside the click and its popup is not blocked.
 */
export const useMetaConnect = () => {
  const config = useIntegrationsConfig();
  const sendToken = useSendToken();
  const [running, setRunning] = useState<'facebook' | 'instagram' | null>(null);

  useEffect(() => {
    if (config.data) loadFacebookSdk(config.data.facebook).catch(() => undefined);
  }, [config.data]);

  const connect = async (platform: 'facebook' | 'instagram') => {
    if (running) {
      toast('info', INTEGRATION_MESSAGES.pleaseWait);
      return;
    }
    const sdk = loadedFacebookSdk();
    if (!sdk || !config.data) {
      toast('error', INTEGRATION_TEXTS.facebookLoginFailed);
      return;
    }
    setRunning(platform);
    try {
      const login = await facebookLogin(sdk, config.data.facebookScopes);
      if (login.status !== 'connected' || !login.authResponse) {
        toast('error', INTEGRATION_TEXTS.facebookLoginFailed);
        return;
      }
      const answer = await sendToken.mutateAsync({
        social_media: platform,
        user_access_token: login.authResponse.accessToken,
      });
      toast('success', answer.message);
    } catch (error) {
      toast(
        'error',
        error instanceof ApiError && error.status < 500
          ? error.message
          : INTEGRATION_MESSAGES.errorSendingToken,
      );
    } finally {
      setRunning(null);
    }
  };

  return { connect, running };
};
