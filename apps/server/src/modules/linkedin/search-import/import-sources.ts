import type { LeadImportMethod, LeadImportOptions, SearchImportRow } from '../../../db/schema';
import {
  type LinkedInSearchPage,
  type LinkedInSession,
  parseEventUrl,
  parseGroupUrl,
  parsePostUrl,
  parseProfileUrl,
} from '../../../lib/clients/linkedin-gateway';

/** Reads one page of a list of people, from `start`. */
export type PageReader = (start: number) => Promise<LinkedInSearchPage>;

/** The leads' "source" column, per method. */
export const SOURCE_LABELS: Record<LeadImportMethod, string> = {
  search: 'LinkedIn Search',
  group_members: 'LinkedIn Group',
  post_reactors: 'LinkedIn Post',
  profile_network: 'LinkedIn Profile',
  event_attendees: 'LinkedIn Event',
};

/** What LinkedIn's refusals mean for each method, said to the user on the list. */
export const REFUSALS: Record<LeadImportMethod, { notFound: string; forbidden: string }> = {
  search: {
    notFound: 'LinkedIn could not run this search.',
    forbidden: 'LinkedIn refused this search for your account.',
  },
  group_members: {
    notFound: 'LinkedIn has no group at this address.',
    forbidden: 'LinkedIn shows a group’s members only to its members: join the group first.',
  },
  post_reactors: {
    notFound: 'LinkedIn has no post at this address (it may have been deleted).',
    forbidden: 'LinkedIn does not show who reacted to this post to your account.',
  },
  profile_network: {
    notFound: 'LinkedIn has no profile at this address.',
    forbidden: 'LinkedIn does not show this member’s connections or followers to your account.',
  },
  event_attendees: {
    notFound: 'LinkedIn has no event at this address.',
    forbidden: 'LinkedIn shows an event’s attendees only to people who attend it: register first.',
  },
};

/** LinkedIn offers no way to read this list for this account; the import ends with the reason. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

export const NOT_CONNECTED =
  'LinkedIn shows a member’s connections only to the member and their 1st-degree connections. Connect with them first, or import their followers.';

/** Checks a method's URL before anything is queued; throws InvalidImportUrlError with the reason. */
export const checkImportUrl = (method: Exclude<LeadImportMethod, 'search'>, url: string): void => {
  if (method === 'group_members') parseGroupUrl(url);
  else if (method === 'post_reactors') parsePostUrl(url);
  else if (method === 'profile_network') parseProfileUrl(url);
  else parseEventUrl(url);
};

/**
 * The lists an import reads, in order (`phase` indexes them). A profile's URN and the relationship are
 * read again on every run: one light call, and a retry after a crash sees the relationship as it is now.
 */
export const sourcesOf = async (session: LinkedInSession, job: SearchImportRow): Promise<PageReader[]> => {
  const options: LeadImportOptions = job.options;
  switch (job.method) {
    case 'search':
      return [(start) => session.searchPeople(job.searchUrl, start)];
    case 'group_members': {
      const { groupId } = parseGroupUrl(job.searchUrl);
      return [(start) => session.groupMembers(groupId, start)];
    }
    case 'event_attendees': {
      const { eventId } = parseEventUrl(job.searchUrl);
      return [(start) => session.eventAttendees(eventId, start)];
    }
    case 'post_reactors': {
      const { postUrn } = parsePostUrl(job.searchUrl);
      return [
        ...(options.reactions !== false ? [(start: number) => session.postReactors(postUrn, start)] : []),
        ...(options.comments ? [(start: number) => session.postCommenters(postUrn, start)] : []),
      ];
    }
    case 'profile_network': {
      const { publicIdentifier } = parseProfileUrl(job.searchUrl);
      const me = await session.me();
      const own = me.publicIdentifier.toLowerCase() === publicIdentifier.toLowerCase();
      const target = own
        ? { profileUrn: me.profileUrn, connected: true }
        : await session.lookupProfile(publicIdentifier);
      const connections = options.connections !== false;
      if (connections && !target.connected) throw new ImportRefusedError(NOT_CONNECTED);
      return [
        ...(connections ? [(start: number) => session.connectionsOf(target.profileUrn, start)] : []),
        ...(options.followers ? [(start: number) => session.followersOf(target.profileUrn, start)] : []),
      ];
    }
  }
};
