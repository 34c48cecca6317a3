import { InvalidImportUrlError } from './errors';
import { isPostUrn } from './normalized';

/**
 * The LinkedIn pages a lead import starts from, as a user copies them from the browser's address bar.
 * Each reader answers the id LinkedIn's API needs, or throws InvalidImportUrlError with a message
 * that says what was expected.
 */

const HOST = /^(?:(?:www|[a-z]{2})\.)?linkedin\.com$/;

const linkedinUrl = (input: string, expected: string): URL => {
  const text = input.trim();
  if (!URL.canParse(text))
    throw new InvalidImportUrlError(`This is not a URL. Paste the address of ${expected}.`);
  const url = new URL(text);
  const ok =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    !url.port &&
    HOST.test(url.hostname.toLowerCase());
  if (!ok) throw new InvalidImportUrlError(`This is not a LinkedIn link. Paste the address of ${expected}.`);
  return url;
};

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** `https://www.linkedin.com/groups/1234567/` (also `/groups/1234567/members/`) → `1234567`. */
export const parseGroupUrl = (input: string): { groupId: string } => {
  const expected = 'a LinkedIn group, like https://www.linkedin.com/groups/1234567/';
  const url = linkedinUrl(input, expected);
  const id = /^\/groups\/(\d{1,19})(?:\/|$)/.exec(url.pathname)?.[1];
  if (!id)
    throw new InvalidImportUrlError(`This is not a LinkedIn group link. Paste the address of ${expected}.`);
  return { groupId: id };
};

/**
 * A post by any of the addresses LinkedIn gives it: `/feed/update/urn:li:activity:<id>/`,
 * `/posts/<author>_<words>-activity-<id>-<code>/` (the "copy link" form) or `…-ugcPost-<id>-…`.
 */
export const parsePostUrl = (input: string): { postUrn: string } => {
  const expected =
    'a LinkedIn post, like https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/';
  const url = linkedinUrl(input, expected);
  const path = decoded(url.pathname);
  const fromUpdate = /^\/feed\/update\/(urn:li:(?:activity|ugcPost|share):\d{1,20})\/?$/.exec(path)?.[1];
  const fromPosts = /^\/posts\/[^/]*-(activity|ugcPost|share)-(\d{1,20})(?:-[^/]*)?\/?$/.exec(path);
  const postUrn = fromUpdate ?? (fromPosts ? `urn:li:${fromPosts[1]}:${fromPosts[2]}` : null);
  if (!postUrn || !isPostUrn(postUrn))
    throw new InvalidImportUrlError(`This is not a LinkedIn post link. Paste the address of ${expected}.`);
  return { postUrn };
};

/** `https://www.linkedin.com/in/<public identifier>/` → the public identifier. */
export const parseProfileUrl = (input: string): { publicIdentifier: string } => {
  const expected = 'a LinkedIn profile, like https://www.linkedin.com/in/jane-doe/';
  const url = linkedinUrl(input, expected);
  const slug = /^\/in\/([^/]{1,200})\/?$/.exec(url.pathname)?.[1];
  const publicIdentifier = slug ? decoded(slug).trim() : '';
  if (!publicIdentifier || /[\s/?#]/.test(publicIdentifier))
    throw new InvalidImportUrlError(`This is not a LinkedIn profile link. Paste the address of ${expected}.`);
  return { publicIdentifier };
};

/** `https://www.linkedin.com/events/7123456789012345678/` or `/events/<title>-7123456789012345678/`. */
export const parseEventUrl = (input: string): { eventId: string } => {
  const expected = 'a LinkedIn event, like https://www.linkedin.com/events/7123456789012345678/';
  const url = linkedinUrl(input, expected);
  const id = /^\/events\/(?:[^/]*?-)?(\d{6,20})(?:\/[^/]*)?\/?$/.exec(url.pathname)?.[1];
  if (!id)
    throw new InvalidImportUrlError(`This is not a LinkedIn event link. Paste the address of ${expected}.`);
  return { eventId: id };
};
