import { isApiError } from '../../../app/api/api-error';

/** A refusal because the LinkedIn session is missing or expired: the li_at dialog should open. */
export const isLinkedInExpired = (error: unknown): boolean =>
  isApiError(error) && (error.body.expired === true || error.code === 'linkedin_session_expired');
