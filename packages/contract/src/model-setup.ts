/**
 * What a person reads when the server has no AI model: plain words, never a setting's name (they cannot
 * change the server). Administrators also read the hint: which setting turns the model on.
 */
export const MODEL_SETUP = {
  writingMissing: 'AI writing is not set up on this server — ask your administrator.',
  imagesMissing: 'AI images are not set up on this server — ask your administrator.',
  writingAdminHint:
    'For administrators: download the built-in model in the admin area (or run npm run model:pull), or set LLM_BASE_URL (with LLM_MODEL and LLM_API_KEY) in the server’s environment, to write with an AI model.',
  imagesAdminHint:
    'For administrators: set IMAGE_MODEL (with IMAGE_BASE_URL, or LLM_BASE_URL) in the server’s environment to draw pictures with an image model.',
} as const;

/**
 * The notice over a draft written without a model: an outline to complete, made only of the user's own
 * sentences (site, inputs, brand profile) and notes saying what to write where.
 */
export const OFFLINE_DRAFT_LABEL = `Outline to complete: without an AI model, a draft holds only sentences from your website, inputs and brand profile, under headings, with “Write here:” notes for the rest. ${MODEL_SETUP.writingMissing}`;

/** The title of that notice. */
export const OFFLINE_DRAFT_TITLE = 'Outline to complete';
