import { z } from 'zod';

/**
 * One wording for zod's built-in failures, shared by the server (error answers) and the web app
 * (form errors), so every message names the field it is about. Messages given in a schema win.
 */
export const fieldLabel = (path: readonly PropertyKey[] | undefined): string => {
  const last = path?.length ? path[path.length - 1] : undefined;
  return last === undefined ? 'value' : String(last);
};

/**
 * PostgreSQL text cannot hold U+0000, so the server refuses it in every string it is sent (body, query,
 * form fields) before anything else reads them.
 */
export const nulCharacterMessage = (field: string): string => `${field} must not contain a NUL character`;

/**
 * Half of a character (a lone UTF-16 surrogate, e.g. an emoji cut in two by a copy) cannot be stored as
 * text either; refused at the same edge as NUL, naming the field.
 */
export const brokenCharacterMessage = (field: string): string =>
  `${field} contains half of a character (an emoji cut in two); remove it and try again`;

/** The deepest nesting a request may have: far beyond any form of the app, far below a stack's limit. */
export const MAX_REQUEST_DEPTH = 64;
export const tooDeepMessage = `The request is nested more than ${MAX_REQUEST_DEPTH} levels deep`;

z.config({
  customError: (issue) => {
    const field = fieldLabel(issue.path);
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? `${field} is required`
          : `${field} must be a ${issue.expected}`;
      case 'too_small':
        return issue.origin === 'string'
          ? `${field} must be at least ${issue.minimum} characters`
          : `${field} must be at least ${issue.minimum}`;
      case 'too_big':
        return issue.origin === 'string'
          ? `${field} must be at most ${issue.maximum} characters`
          : `${field} must be at most ${issue.maximum}`;
      case 'invalid_format':
        return `${field} is not a valid ${issue.format}`;
      case 'invalid_value':
        return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
      case 'unrecognized_keys':
        return `unknown field(s): ${issue.keys.join(', ')}`;
      default:
        return `${field} is not valid`;
    }
  },
});

export { z };
