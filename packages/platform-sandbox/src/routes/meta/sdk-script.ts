/**
 * The Facebook JS SDK as the web app uses it (FB.init, FB.login, FB.getLoginStatus, FB.getAuthResponse,
 * FB.logout, window.fbAsyncInit), served by the sandbox at /facebook/sdk.js. FB.login opens the
 * sandbox's consent page in a popup, which answers by postMessage; closing the popup or cancelling
 * answers { status: 'unknown' }, as the real SDK does. The page loads it exactly as it loads
 * https://connect.facebook.net/en_US/sdk.js, so the Integrations page runs unchanged against either.
 */
export const sdkScript = (sandboxOrigin: string): string => `(function () {
  'use strict';
  if (window.FB && window.FB.__sandbox) return;
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, window.location.href).origin : ${JSON.stringify(sandboxOrigin)};
  var config = null;
  var authResponse = null;
  var storageKey = function () { return 'fbsandbox_' + (config && config.appId); };
  var remember = function () {
    try {
      if (!config || !config.cookie) return;
      if (authResponse) window.sessionStorage.setItem(storageKey(), JSON.stringify(authResponse));
      else window.sessionStorage.removeItem(storageKey());
    } catch (e) { /* storage unavailable: state lives in memory only */ }
  };
  var recall = function () {
    try {
      var kept = config && config.cookie ? window.sessionStorage.getItem(storageKey()) : null;
      return kept ? JSON.parse(kept) : null;
    } catch (e) { return null; }
  };
  var live = function (response) {
    return response && response.expiresAt > Date.now() ? response : null;
  };
  var publicResponse = function (response) {
    if (!response) return null;
    return {
      accessToken: response.accessToken,
      userID: response.userID,
      expiresIn: Math.max(0, Math.floor((response.expiresAt - Date.now()) / 1000)),
      signedRequest: response.signedRequest,
      graphDomain: 'facebook',
      data_access_expiration_time: response.dataAccessExpirationTime
    };
  };
  var status = function () {
    var current = live(authResponse);
    return current
      ? { status: 'connected', authResponse: publicResponse(current) }
      : { status: 'unknown', authResponse: null };
  };
  var requireInit = function (name) {
    if (!config) throw new Error('FB.' + name + ' called before FB.init()');
  };

  var FB = {
    __sandbox: true,
    init: function (options) {
      if (!options || !options.appId) throw new Error('FB.init: appId is required');
      if (!options.version || !/^v\\d+\\.\\d+$/.test(options.version)) throw new Error('FB.init: version (e.g. v26.0) is required');
      config = { appId: String(options.appId), version: options.version, cookie: Boolean(options.cookie), xfbml: Boolean(options.xfbml) };
      authResponse = live(recall());
    },
    getLoginStatus: function (callback) {
      requireInit('getLoginStatus');
      var answer = status();
      setTimeout(function () { callback(answer); }, 0);
    },
    getAuthResponse: function () {
      return status().authResponse;
    },
    login: function (callback, options) {
      requireInit('login');
      var nonce = Math.random().toString(36).slice(2) + Date.now().toString(36);
      var scope = (options && options.scope) || '';
      var url = origin + '/facebook/dialog/oauth?client_id=' + encodeURIComponent(config.appId) +
        '&scope=' + encodeURIComponent(scope) + '&nonce=' + encodeURIComponent(nonce) +
        '&origin=' + encodeURIComponent(window.location.origin);
      var left = (window.screenX || 0) + Math.max(0, ((window.outerWidth || 600) - 600) / 2);
      var top = (window.screenY || 0) + Math.max(0, ((window.outerHeight || 680) - 680) / 2);
      var popup = window.open(url, 'fbsandbox_login', 'width=600,height=680,left=' + left + ',top=' + top);
      var done = false;
      var timer = null;
      var finish = function (answer) {
        if (done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        if (timer) clearInterval(timer);
        callback(answer);
      };
      var onMessage = function (event) {
        var data = event.data;
        if (event.origin !== origin || !data || data.type !== 'fbsandbox:login' || data.nonce !== nonce) return;
        if (data.status === 'connected' && data.authResponse) {
          authResponse = {
            accessToken: data.authResponse.accessToken,
            userID: data.authResponse.userID,
            signedRequest: data.authResponse.signedRequest,
            expiresAt: Date.now() + data.authResponse.expiresIn * 1000,
            dataAccessExpirationTime: data.authResponse.data_access_expiration_time
          };
          remember();
          finish(status());
        } else {
          finish({ status: 'unknown', authResponse: null });
        }
      };
      // A blocked popup: the real SDK answers "unknown" too.
      if (!popup) {
        setTimeout(function () { finish({ status: 'unknown', authResponse: null }); }, 0);
        return;
      }
      window.addEventListener('message', onMessage);
      timer = setInterval(function () {
        // Closed without an answer (the person shut the window): not connected.
        if (popup.closed) setTimeout(function () { finish({ status: 'unknown', authResponse: null }); }, 300);
      }, 500);
    },
    logout: function (callback) {
      authResponse = null;
      remember();
      if (callback) setTimeout(function () { callback({ status: 'unknown', authResponse: null }); }, 0);
    },
    XFBML: { parse: function () {} },
    Event: { subscribe: function () {}, unsubscribe: function () {} }
  };
  window.FB = FB;
  if (typeof window.fbAsyncInit === 'function') setTimeout(window.fbAsyncInit, 0);
})();
`;
