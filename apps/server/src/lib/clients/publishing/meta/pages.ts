import { z } from 'zod';
import type { GraphTransport } from './graph';

export type InstagramBusinessAccount = { id: string; username: string; profilePictureUrl: string | null };
export type FacebookPage = {
  id: string;
  name: string;
  /** The page's own token: posts are made with it. Minted from a long-lived user token, it does not expire. */
  accessToken: string;
  /** The person may post on the page (the CREATE_CONTENT task). */
  canPublish: boolean;
  pictureUrl: string | null;
  /** The Instagram business or creator account linked to the page, if any. */
  instagram: InstagramBusinessAccount | null;
};

const ZAccounts = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string().default(''),
      access_token: z.string(),
      tasks: z.array(z.string()).default([]),
      picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
      instagram_business_account: z.object({ id: z.string() }).optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});
const ZInstagramUser = z.object({
  id: z.string(),
  username: z.string().default(''),
  profile_picture_url: z.string().optional(),
});

/** Meta pages answers 25 at a time; a person with more pages than this is not a case to page through forever. */
const MAX_PAGES_OF_ACCOUNTS = 10;

/**
 * GET /me/accounts with each page's token, tasks and linked Instagram account, then each Instagram
 * account's username and picture (GET /{ig-user-id}).
 */
export const listPages = async (graph: GraphTransport, userToken: string): Promise<FacebookPage[]> => {
  const pages: FacebookPage[] = [];
  let after: string | null = null;
  for (let round = 0; round < MAX_PAGES_OF_ACCOUNTS; round++) {
    const answer: z.infer<typeof ZAccounts> = await graph.call(ZAccounts, {
      method: 'GET',
      path: '/me/accounts',
      token: userToken,
      query: {
        fields: 'id,name,access_token,tasks,picture,instagram_business_account',
        limit: '100',
        ...(after ? { after } : {}),
      },
      publishing: false,
      what: 'List the Facebook pages',
      platform: 'facebook',
    });
    for (const page of answer.data) {
      const instagram = page.instagram_business_account
        ? await readInstagramAccount(graph, page.instagram_business_account.id, page.access_token, page.id)
        : null;
      pages.push({
        id: page.id,
        name: page.name,
        accessToken: page.access_token,
        canPublish: page.tasks.length === 0 || page.tasks.includes('CREATE_CONTENT'),
        pictureUrl: page.picture?.data.url ?? null,
        instagram,
      });
    }
    const next: string | undefined = answer.paging?.next;
    if (!next) break;
    after = new URL(next).searchParams.get('after');
    if (!after) break;
  }
  return pages;
};

/** GET /{ig-user-id}?fields=username,profile_picture_url. */
export const readInstagramAccount = async (
  graph: GraphTransport,
  igUserId: string,
  pageToken: string,
  pageId?: string,
): Promise<InstagramBusinessAccount> => {
  const account = await graph.call(ZInstagramUser, {
    method: 'GET',
    path: `/${encodeURIComponent(igUserId)}`,
    token: pageToken,
    query: { fields: 'id,username,profile_picture_url' },
    pageId,
    publishing: false,
    what: 'Read the Instagram account',
    platform: 'instagram',
  });
  return {
    id: account.id,
    username: account.username,
    profilePictureUrl: account.profile_picture_url ?? null,
  };
};
