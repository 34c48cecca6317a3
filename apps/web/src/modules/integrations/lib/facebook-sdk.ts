/** What the page uses of the Facebook JS SDK (the real one, or the platform sandbox's stand-in). */
type TAuthResponse = { accessToken: string; userID?: string; expiresIn?: number };
export type TLoginStatus = { status: string; authResponse: TAuthResponse | null };
type TFacebookSdk = {
  init: (options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (callback: (response: TLoginStatus) => void, options: { scope: string }) => void;
};

declare global {
  interface Window {
    FB?: TFacebookSdk;
  }
}

let loading: Promise<TFacebookSdk> | null = null;

/** Loads the SDK once per page and initialises it with our app (spec §4: the Facebook login). */
export const loadFacebookSdk = (config: { sdkUrl: string; appId: string; graphVersion: string }) => {
  loading ??= new Promise<TFacebookSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = window.FB;
      if (!sdk) return reject(new Error('The Facebook SDK did not load'));
      sdk.init({ appId: config.appId, version: config.graphVersion, cookie: false, xfbml: false });
      resolve(sdk);
    };
    if (window.FB) return ready();
    const script = document.createElement('script');
    script.src = config.sdkUrl;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = null;
      reject(new Error('The Facebook SDK could not be loaded'));
    };
    document.body.appendChild(script);
  });
  return loading;
};

/** The SDK if it is loaded already: FB.login must run inside the click, or the browser blocks its popup. */
export const loadedFacebookSdk = (): TFacebookSdk | null => window.FB ?? null;

export const facebookLogin = (sdk: TFacebookSdk, scopes: string[]): Promise<TLoginStatus> =>
  new Promise((resolve) => sdk.login(resolve, { scope: scopes.join(',') }));
