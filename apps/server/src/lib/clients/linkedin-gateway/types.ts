import type { ConnectionDegree } from './normalized';

export type { ConnectionDegree };

export type LinkedInCredentials = { liAt: string; jsessionId?: string };

export type LinkedInMe = {
  profileUrn: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  headline: string;
  pictureUrl: string | null;
};

export type LinkedInSearchPerson = {
  profileUrn: string;
  publicIdentifier: string;
  profileUrl: string;
  name: string;
  headline: string;
  location: string;
  company: string | null;
  connectionDegree: ConnectionDegree | null;
  pictureUrl: string | null;
};

export type LinkedInSearchPage = { people: LinkedInSearchPerson[]; total: number; nextStart: number | null };

export type LinkedInProfile = {
  profileUrn: string;
  publicIdentifier: string;
  profileUrl: string;
  firstName: string;
  lastName: string;
  name: string;
  headline: string;
  location: string | null;
  industry: string | null;
  company: string | null;
  /** The current position (no end date) as the profile states it, when it has one. */
  position: LinkedInPosition | null;
  connectionDegree: ConnectionDegree | null;
  pictureUrl: string | null;
};

/** A position's title and company, and the month it started (LinkedIn may give the year alone). */
export type LinkedInPosition = {
  company: string;
  title: string | null;
  startedOn: { year: number; month: number | null } | null;
};

export type LinkedInPost = { postUrn: string; text: string; postedAt: Date };

export type ReactionType = 'LIKE' | 'PRAISE' | 'EMPATHY' | 'INTEREST' | 'APPRECIATION' | 'ENTERTAINMENT';

export type LinkedInComment = { commentUrn: string; text: string; createdAt: Date };

export type LinkedInSentInvitation = { invitationUrn: string; profileUrn: string; sentAt: Date };

export type ConnectionStatus = 'connected' | 'pending' | 'none';

export type LinkedInSentMessage = { conversationUrn: string | null; messageUrn: string | null; sentAt: Date };

/** One message of a thread; `urn` names it for good (the inbox keeps each message once by it). */
export type LinkedInMessage = {
  urn: string;
  conversationUrn: string;
  from: 'me' | 'them';
  text: string;
  sentAt: Date;
};

/** One member's LinkedIn, as the web app would use it. Calls of a session run one at a time. */
export type LinkedInSession = {
  /** The signed-in member; used to check a cookie before it is saved. */
  me(): Promise<LinkedInMe>;
  /** One page (10 people) of a people search given as the URL of LinkedIn's search page. */
  searchPeople(searchUrl: string, start: number): Promise<LinkedInSearchPage>;
  /** Opens a profile the way a page view does (LinkedIn counts it as a profile view). */
  viewProfile(publicIdentifier: string): Promise<LinkedInProfile>;
  /** The person's own recent posts, newest first. */
  recentPosts(profileUrn: string, count: number): Promise<LinkedInPost[]>;
  react(postUrn: string, reactionType?: ReactionType): Promise<void>;
  hasReacted(postUrn: string): Promise<boolean>;
  comment(postUrn: string, text: string): Promise<{ commentUrn: string | null }>;
  listMyComments(postUrn: string): Promise<LinkedInComment[]>;
  /** Throws LinkedInNoteNotAllowedError when LinkedIn refuses the note; send again with null. */
  sendInvitation(profileUrn: string, message: string | null): Promise<{ invitationUrn: string | null }>;
  sentInvitations(): Promise<LinkedInSentInvitation[]>;
  withdrawInvitation(invitationUrn: string): Promise<void>;
  /** Reads the relationship without counting a profile view. */
  connectionStatus(publicIdentifier: string): Promise<ConnectionStatus>;
  sendMessage(profileUrn: string, text: string): Promise<LinkedInSentMessage>;
  conversationWith(profileUrn: string): Promise<LinkedInMessage[]>;
  /** Reads a member's URN and relationship without counting a profile view. */
  lookupProfile(publicIdentifier: string): Promise<{ profileUrn: string; connected: boolean }>;
  /** One page of a group's members (LinkedIn lists them to the group's members only). */
  groupMembers(groupId: string, start: number): Promise<LinkedInSearchPage>;
  /** One page of the people who reacted to a post. */
  postReactors(postUrn: string, start: number): Promise<LinkedInSearchPage>;
  /** One page of the people who commented on a post. */
  postCommenters(postUrn: string, start: number): Promise<LinkedInSearchPage>;
  /** One page of an event's attendees (the event page's "See all attendees" search). */
  eventAttendees(eventId: string, start: number): Promise<LinkedInSearchPage>;
  /** One page of a member's connections ("Connections of" search; LinkedIn allows it for oneself and 1st degree). */
  connectionsOf(profileUrn: string, start: number): Promise<LinkedInSearchPage>;
  /** One page of a member's followers ("Followers of" search). */
  followersOf(profileUrn: string, start: number): Promise<LinkedInSearchPage>;
  /** The cookies in use, including a JSESSIONID the session obtained itself, for storing in the vault. */
  credentials(): { liAt: string; jsessionId: string | null };
};

export type LinkedInGateway = { openSession(credentials: LinkedInCredentials): LinkedInSession };
