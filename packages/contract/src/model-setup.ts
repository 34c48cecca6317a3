/**
 * What a person reads when the server has no AI model: plain words, never a setting's name (they cannot
 * change the server). Administrators also read the hint: which setting turns the model on.
 */
export const MODEL_SETUP = {
  writingMissing: 'AI writing is not set up on this server — ask your administrator.',
  imagesMissing: 'AI images are not set up on this server — ask your administrator.',
  writingAdminHint:
    'For administrators: set LLM_BASE_URL (with LLM_MODEL and LLM_API_KEY) in the server’s environment to write with an AI model.',
  imagesAdminHint:
    'For administrators: set IMAGE_MODEL (with IMAGE_BASE_URL, or LLM_BASE_URL) in the server’s environment to draw pictures with an image model.',
} as const;

/** The notice over a draft the offline writer composed. */
export const OFFLINE_DRAFT_LABEL = `Offline draft. ${MODEL_SETUP.writingMissing}`;
