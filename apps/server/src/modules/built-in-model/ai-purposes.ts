import type { TAiPurposeProvider } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';

/** An endpoint's host, never its path or key: the admin reads where requests go. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A Google Ads customer id as Google writes it: 123-456-7890. */
const customerIdOf = (digits: string): string => digits.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3');

/**
 * Which provider serves each purpose of the AI, from the configuration and whether the built-in model's
 * file is there: an endpoint (LLM_BASE_URL) wins over the built-in model, which wins over writing without
 * a model. Pictures and keyword figures have providers of their own (IMAGE_MODEL, GOOGLE_ADS_*).
 */
export const aiPurposes = (deps: Pick<AppDeps, 'config' | 'localModel'>): TAiPurposeProvider[] => {
  const { llm, images, googleAds } = deps.config;
  const local = deps.localModel?.present() ? deps.localModel : null;
  const writing = (
    purpose: 'campaign_messages' | 'content' | 'chat',
    label: string,
    withoutModel: string,
  ): TAiPurposeProvider => {
    if (llm) {
      return {
        purpose,
        label,
        kind: 'endpoint',
        provider: `OpenAI-compatible endpoint ${hostOf(llm.baseUrl)} / ${llm.model}`,
        model: llm.model,
      };
    }
    if (local) {
      return {
        purpose,
        label,
        kind: 'built_in',
        provider: `Built-in model ${local.client.model}`,
        model: local.client.model,
      };
    }
    return { purpose, label, kind: 'no_model', provider: withoutModel, model: null };
  };
  return [
    writing('campaign_messages', 'Campaign messages', 'Offline message writer (no model)'),
    writing('content', 'Content writing', 'Outline writer (no model)'),
    writing('chat', 'Chat', 'Answers from your data (no model)'),
    images
      ? {
          purpose: 'pictures',
          label: 'Pictures',
          kind: 'endpoint',
          provider: `OpenAI-compatible images endpoint ${hostOf(images.baseUrl)} / ${images.model}`,
          model: images.model,
        }
      : {
          purpose: 'pictures',
          label: 'Pictures',
          kind: 'no_model',
          provider: 'Theme pictures (no image model)',
          model: null,
        },
    googleAds
      ? {
          purpose: 'keyword_metrics',
          label: 'Keyword metrics',
          kind: 'google_ads',
          provider: `Google Ads API keyword ideas (customer ${customerIdOf(googleAds.customerId)})`,
          model: null,
        }
      : {
          purpose: 'keyword_metrics',
          label: 'Keyword metrics',
          kind: 'no_model',
          provider: 'None: keyword ideas carry no search volume or cost',
          model: null,
        },
  ];
};
