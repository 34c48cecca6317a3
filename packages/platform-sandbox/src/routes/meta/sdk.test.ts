// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';

/**
 * The Facebook SDK stand-in run as a page runs it (vitest's jsdom): FB.init, FB.login through the
 * consent page in a popup, FB.getLoginStatus, FB.logout. The popup is played by the test: it loads the
 * consent page, submits it as the person would, and hands the page's answer to the opener as the
 * browser would.
 */

type AuthResponse = { accessToken: string; userID: string; expiresIn: number } | null;
type LoginStatus = { status: string; authResponse: AuthResponse };
type FBApi = {
  init(options: Record<string, unknown>): void;
  login(callback: (answer: LoginStatus) => void, options?: { scope?: string }): void;
  getLoginStatus(callback: (answer: LoginStatus) => void): void;
  getAuthResponse(): AuthResponse;
  logout(callback?: (answer: LoginStatus) => void): void;
};
/** The few browser things the test touches (the package is typed without the DOM library). */
type Page = {
  FB?: FBApi;
  fbAsyncInit?: () => void;
  location: { origin: string };
  open: (url: string) => { closed: boolean } | null;
  eval: (code: string) => void;
  dispatchEvent: (event: unknown) => boolean;
  MessageEvent: new (type: string, init: { data: unknown; origin: string }) => unknown;
  sessionStorage: { clear(): void };
};
const page = (globalThis as unknown as { window: Page }).window;
const APP_ORIGIN = page.location.origin;

let sandbox: PlatformSandbox;
let opened: string[];
let popupClosed: boolean;
let blockPopups: boolean;

const loadSdk = async (): Promise<FBApi> => {
  const response = await fetch(`${sandbox.url}/facebook/sdk.js`);
  const script = await response.text();
  page.FB = undefined;
  page.sessionStorage.clear();
  page.open = (url: string) => {
    opened.push(url);
    return blockPopups
      ? null
      : {
          get closed() {
            return popupClosed;
          },
        };
  };
  let asyncInitCalled = false;
  page.fbAsyncInit = () => {
    asyncInitCalled = true;
  };
  page.eval(script);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asyncInitCalled).toBe(true);
  if (!page.FB) throw new Error('The SDK did not define FB');
  return page.FB;
};

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const htmlText = (text: string) =>
  text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** The person answers the consent page: what the page posts back to its opener. */
const answerConsent = async (dialogUrl: string, action: 'allow' | 'cancel') => {
  const dialog = await fetch(dialogUrl);
  expect(dialog.status).toBe(200);
  const html = await dialog.text();
  expect(html).toContain('Sandbox Marketer');
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input [^>]*>/g)) {
    if (attribute(tag, 'type') === 'radio' && !tag.includes(' checked')) continue;
    fields.set(attribute(tag, 'name'), htmlText(attribute(tag, 'value')));
  }
  fields.set('action', action);
  const answer = await fetch(`${sandbox.url}/facebook/dialog/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  expect(answer.status).toBe(200);
  const json = /<script type="application\/json" id="answer">(.*?)<\/script>/s.exec(await answer.text())?.[1];
  return JSON.parse(json ?? '{}') as { origin: string; message: unknown };
};

const postToOpener = (message: unknown, origin: string) => {
  page.dispatchEvent(new page.MessageEvent('message', { data: message, origin }));
};

const login = (FB: FBApi, scope = 'pages_show_list,pages_manage_posts') =>
  new Promise<LoginStatus>((resolve) => FB.login(resolve, { scope }));

beforeEach(async () => {
  sandbox = await startPlatformSandbox();
  opened = [];
  popupClosed = false;
  blockPopups = false;
});
afterEach(async () => {
  await sandbox.close();
});

describe('the Facebook SDK stand-in', () => {
  it('is served as JavaScript', async () => {
    const response = await fetch(`${sandbox.url}/facebook/sdk.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  });

  it('logs in through the consent popup and answers connected with a token the Graph API takes', async () => {
    const FB = await loadSdk();
    FB.init({ appId: 'sandbox-app', version: 'v26.0', xfbml: false, cookie: true });
    expect(await new Promise((resolve) => FB.getLoginStatus(resolve))).toEqual({
      status: 'unknown',
      authResponse: null,
    });

    const pending = login(FB);
    expect(opened).toHaveLength(1);
    const dialogUrl = new URL(opened[0] ?? '');
    expect(dialogUrl.origin + dialogUrl.pathname).toBe(`${sandbox.url}/facebook/dialog/oauth`);
    expect(dialogUrl.searchParams.get('client_id')).toBe('sandbox-app');
    expect(dialogUrl.searchParams.get('scope')).toBe('pages_show_list,pages_manage_posts');
    expect(dialogUrl.searchParams.get('origin')).toBe(APP_ORIGIN);

    const answer = await answerConsent(dialogUrl.href, 'allow');
    expect(answer.origin).toBe(APP_ORIGIN);
    // Only the sandbox may answer: the same message from another origin is ignored.
    const forged = { ...(answer.message as Record<string, unknown>) };
    forged.authResponse = { accessToken: 'EAAforged', userID: '1', expiresIn: 3600 };
    postToOpener(forged, 'http://evil.localhost');
    postToOpener(answer.message, sandbox.url);
    const status = await pending;
    const person = sandbox.platforms.meta.defaultUser();
    expect(status).toEqual({
      status: 'connected',
      authResponse: {
        accessToken: expect.stringMatching(/^EAA/),
        userID: person.id,
        expiresIn: expect.any(Number),
        signedRequest: undefined,
        graphDomain: 'facebook',
        data_access_expiration_time: expect.any(Number),
      },
    });
    expect(status.authResponse?.expiresIn).toBeGreaterThan(3_500);
    expect(sandbox.platforms.meta.token(status.authResponse?.accessToken ?? '')).toMatchObject({
      kind: 'user',
      userId: person.id,
    });
    const me = await fetch(`${sandbox.url}/graph/v26.0/me`, {
      headers: { authorization: `Bearer ${status.authResponse?.accessToken}` },
    });
    expect(await me.json()).toEqual({ id: person.id, name: 'Sandbox Marketer' });

    expect(await new Promise<LoginStatus>((resolve) => FB.getLoginStatus(resolve))).toMatchObject({
      status: 'connected',
    });
    expect(FB.getAuthResponse()?.userID).toBe(person.id);
    expect(await new Promise((resolve) => FB.logout(resolve))).toEqual({
      status: 'unknown',
      authResponse: null,
    });
    expect(FB.getAuthResponse()).toBeNull();
  });

  it('answers unknown when the person cancels, closes the popup, or the popup is blocked', async () => {
    const FB = await loadSdk();
    FB.init({ appId: 'sandbox-app', version: 'v26.0' });

    const cancelled = login(FB);
    const answer = await answerConsent(opened[0] ?? '', 'cancel');
    postToOpener(answer.message, sandbox.url);
    expect(await cancelled).toEqual({ status: 'unknown', authResponse: null });

    const closed = login(FB);
    popupClosed = true;
    expect(await closed).toEqual({ status: 'unknown', authResponse: null });

    blockPopups = true;
    expect(await login(FB)).toEqual({ status: 'unknown', authResponse: null });
    expect(sandbox.platforms.meta.users().length).toBe(1);
  });

  it('refuses to log in before FB.init, and FB.init without an app id or version', async () => {
    const FB = await loadSdk();
    expect(() => FB.login(() => undefined)).toThrow('FB.login called before FB.init()');
    expect(() => FB.init({ version: 'v26.0' })).toThrow('appId is required');
    expect(() => FB.init({ appId: 'x' })).toThrow('version (e.g. v26.0) is required');
  });

  it("the consent page refuses another app's id and an incomplete link", async () => {
    sandbox.platforms.meta.configureApp({ appId: 'the-app' });
    const other = await fetch(
      `${sandbox.url}/facebook/dialog/oauth?client_id=another&nonce=abcdef12&origin=${encodeURIComponent(APP_ORIGIN)}`,
    );
    expect(other.status).toBe(400);
    expect(await other.text()).toContain('Invalid App ID');
    const incomplete = await fetch(`${sandbox.url}/facebook/dialog/oauth?client_id=the-app`);
    expect(incomplete.status).toBe(400);
  });
});
