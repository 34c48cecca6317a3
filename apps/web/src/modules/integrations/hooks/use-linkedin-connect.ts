import { INTEGRATION_MESSAGES, INTEGRATION_TEXTS } from '@sales-assist/contract';
import { useRef, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { openBlankPopup, waitForPopupReturn } from '../lib/linkedin-popup';
import { linkedinAuthorizeUrl, useSendToken } from './use-integrations';

/**
 * Spec §4: the LinkedIn popup (600x400), polled every 2 s for the return URL with a code, which is
 * exchanged once — `exchanging` keeps a second exchange from starting while one runs or after it.
 * `failure`: the words when it goes wrong (a first connection, or "Add new Account").
 */
export const useLinkedinConnect = () => {
  const sendToken = useSendToken();
  const exchanging = useRef(false);
  const [running, setRunning] = useState(false);

  const connect = async (failure: string = INTEGRATION_MESSAGES.linkedinConnectError): Promise<boolean> => {
    if (exchanging.current) {
      toast('info', INTEGRATION_MESSAGES.pleaseWait);
      return false;
    }
    // Opened inside the click: a popup opened after an await is blocked by browsers.
    const popup = openBlankPopup();
    if (!popup) {
      toast('warning', INTEGRATION_TEXTS.popupBlocked);
      return false;
    }
    exchanging.current = true;
    setRunning(true);
    try {
      const { url } = await linkedinAuthorizeUrl();
      popup.location.href = url;
      const answer = await waitForPopupReturn(popup);
      popup.close();
      // Closing the popup is the person changing their mind: nothing to say.
      if ('closed' in answer) return false;
      if ('error' in answer) {
        toast('error', failure);
        return false;
      }
      await sendToken.mutateAsync({
        social_media: 'linkedin',
        user_access_token: answer.code,
        state: answer.state,
      });
      toast('success', INTEGRATION_MESSAGES.linkedinConnected);
      return true;
    } catch {
      if (!popup.closed) popup.close();
      toast('error', failure);
      return false;
    } finally {
      exchanging.current = false;
      setRunning(false);
    }
  };

  return { connect, running };
};
