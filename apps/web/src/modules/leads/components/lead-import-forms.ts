import type { TLeadImportMethod, TLeadImportRequest } from '@sales-assist/contract';

export type TImportCheckbox = {
  key: 'reactions' | 'comments' | 'connections' | 'followers';
  label: string;
  initial: boolean;
};

export type TLeadImportForm = {
  intro: string;
  urlLabel: string;
  placeholder: string;
  checkboxes: TImportCheckbox[];
};

/** The lead import dialog's own inputs and checkboxes, per method (spec §2 dialogs). */
export const LEAD_IMPORT_FORMS: Record<TLeadImportMethod, TLeadImportForm> = {
  group_members: {
    intro:
      'Open the group on LinkedIn and copy its address. LinkedIn lists a group’s members to its members only.',
    urlLabel: 'LinkedIn group URL',
    placeholder: 'https://www.linkedin.com/groups/1234567/',
    checkboxes: [],
  },
  post_reactors: {
    intro: 'Open the post, choose “Copy link to post” and paste it here.',
    urlLabel: 'LinkedIn post URL',
    placeholder: 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/',
    checkboxes: [
      { key: 'reactions', label: 'People who reacted', initial: true },
      { key: 'comments', label: 'People who commented', initial: false },
    ],
  },
  profile_network: {
    intro:
      'Paste a profile address. LinkedIn shows connections only for your own profile and your 1st-degree connections; followers for anyone.',
    urlLabel: 'LinkedIn profile URL',
    placeholder: 'https://www.linkedin.com/in/jane-doe/',
    checkboxes: [
      { key: 'connections', label: 'Connections', initial: true },
      { key: 'followers', label: 'Followers', initial: false },
    ],
  },
  event_attendees: {
    intro: 'Open the event on LinkedIn and copy its address; the import reads its attendee list.',
    urlLabel: 'LinkedIn event URL',
    placeholder: 'https://www.linkedin.com/events/7123456789012345678/',
    checkboxes: [],
  },
};

/** The lead_import body of a filled dialog. */
export const leadImportRequest = (
  method: TLeadImportMethod,
  url: string,
  listName: string,
  checks: Partial<Record<TImportCheckbox['key'], boolean>>,
): TLeadImportRequest => {
  const base = { url, list_name: listName };
  switch (method) {
    case 'post_reactors':
      return { method, ...base, reactions: checks.reactions === true, comments: checks.comments === true };
    case 'profile_network':
      return {
        method,
        ...base,
        connections: checks.connections === true,
        followers: checks.followers === true,
      };
    default:
      return { method, ...base };
  }
};
