/**
 * Stripe.js as the web app uses it, served by the sandbox at /stripe/v3/stripe.js: window.Stripe(key)
 * with createEmbeddedCheckoutPage({ fetchClientSecret | clientSecret, onComplete }) (and its older name
 * initEmbeddedCheckout) → Promise of { mount, unmount, destroy }. mount() frames the sandbox's checkout
 * page for the session; when it is paid, the page tells this script (postMessage from the sandbox's
 * origin, from that very frame), which calls onComplete and sends the window to the session's return_url,
 * as embedded Checkout does. `version` is the release train @stripe/stripe-js 10.2.1 expects, so its
 * loadStripe takes this Stripe without a warning; the rest of Stripe.js (Elements, card payments) is not
 * played and says so when called.
 */
export const stripeJsScript = (sandboxOrigin: string): string => `(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__sandbox) return;
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, window.location.href).origin : ${JSON.stringify(sandboxOrigin)};
  var live = null;

  var notPlayed = function (name) {
    return function () {
      throw new Error('Stripe.' + name + ' is not played by the platform sandbox: it plays embedded Checkout (createEmbeddedCheckoutPage).');
    };
  };

  var resolveElement = function (target) {
    if (typeof target === 'string') {
      var found = document.querySelector(target);
      if (!found) throw new Error('IntegrationError: The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
      return found;
    }
    if (target && target.nodeType === 1) return target;
    throw new Error('IntegrationError: Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.');
  };

  var embeddedCheckout = function (key, options) {
    if (!options || (typeof options.fetchClientSecret !== 'function' && typeof options.clientSecret !== 'string'))
      return Promise.reject(new Error('IntegrationError: createEmbeddedCheckoutPage requires fetchClientSecret (or clientSecret).'));
    if (live) return Promise.reject(new Error('IntegrationError: You cannot have multiple embedded checkout items.'));
    var instance = { destroyed: false };
    live = instance;
    var secret = typeof options.fetchClientSecret === 'function'
      ? Promise.resolve().then(options.fetchClientSecret)
      : Promise.resolve(options.clientSecret);
    return secret.then(function (clientSecret) {
      if (typeof clientSecret !== 'string' || !/^cs_(test|live)_[A-Za-z0-9]+_secret_/.test(clientSecret)) {
        live = null;
        throw new Error('IntegrationError: Invalid client secret: fetchClientSecret must resolve to the Checkout Session client_secret.');
      }
      var frame = null;
      var onMessage = function (event) {
        if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
        var data = event.data || {};
        if (data.type === 'stripe-sandbox:resize' && typeof data.height === 'number') {
          frame.style.height = Math.max(200, Math.ceil(data.height)) + 'px';
        } else if (data.type === 'stripe-sandbox:checkout-complete') {
          if (typeof options.onComplete === 'function') {
            try { options.onComplete(); } catch (e) { setTimeout(function () { throw e; }); }
          }
          if (data.redirectUrl) window.location.assign(data.redirectUrl);
        }
      };
      window.addEventListener('message', onMessage);
      var api = {
        mount: function (target) {
          if (instance.destroyed) throw new Error('IntegrationError: This Embedded Checkout instance has been destroyed.');
          if (frame) throw new Error('IntegrationError: Embedded Checkout is already mounted; unmount it first.');
          var element = resolveElement(target);
          frame = document.createElement('iframe');
          frame.name = 'embedded-checkout';
          frame.title = 'Secure checkout';
          frame.setAttribute('allow', 'payment *');
          frame.style.cssText = 'width:100%;min-height:200px;height:640px;border:0;display:block;background:transparent';
          frame.src = origin + '/stripe/checkout/' + encodeURIComponent(clientSecret) +
            '?embedded=1&origin=' + encodeURIComponent(window.location.origin) + '&key=' + encodeURIComponent(key);
          element.appendChild(frame);
        },
        unmount: function () {
          if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
          frame = null;
        },
        destroy: function () {
          api.unmount();
          window.removeEventListener('message', onMessage);
          instance.destroyed = true;
          if (live === instance) live = null;
        }
      };
      return api;
    }, function (error) {
      live = null;
      throw error;
    });
  };

  var Stripe = function (key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key))
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_test_…). You specified: ' + key + '.');
    var wrappers = [];
    return {
      _apiKey: key,
      _options: options || {},
      _wrappers: wrappers,
      _registerWrapper: function (wrapper) { wrappers.push(wrapper); },
      registerAppInfo: function (info) { wrappers.push(info); },
      createEmbeddedCheckoutPage: function (opts) { return embeddedCheckout(key, opts); },
      initEmbeddedCheckout: function (opts) { return embeddedCheckout(key, opts); },
      elements: notPlayed('elements'),
      createToken: notPlayed('createToken'),
      createPaymentMethod: notPlayed('createPaymentMethod'),
      confirmCardPayment: notPlayed('confirmCardPayment'),
      confirmPayment: notPlayed('confirmPayment'),
      redirectToCheckout: notPlayed('redirectToCheckout')
    };
  };
  Stripe.version = 'endive';
  Stripe.__sandbox = true;
  window.Stripe = Stripe;
})();
`;
