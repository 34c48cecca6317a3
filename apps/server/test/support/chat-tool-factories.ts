import { eq } from 'drizzle-orm';
import type { CampaignLeadState } from '../../src/db/schema';
import { campaignLeads, campaigns, users, websites } from '../../src/db/schema';
import type { ChatTool, ChatToolContext } from '../../src/modules/chat/tools';
import { campaignLeadIds, connectLinkedIn, seedCampaign, seedCampaignList } from './campaign-factories';
import { type SeededUser, seedUser } from './factories';
import type { Harness } from './harness';

export const toolContext = (h: Harness, user: SeededUser): ChatToolContext => ({
  deps: h.deps,
  userId: user.user.id,
  now: new Date(),
});

/** Runs a tool as the chat's server does: the arguments pass the tool's own schema first. */
export const runTool = async <A>(h: Harness, user: SeededUser, tool: ChatTool<A>, args: unknown) =>
  tool.run(toolContext(h, user), tool.parameters.parse(args));

/**
 * The start every chat test shares: Alice and Bob with LinkedIn connected, Alice's website and her
 * "Q4 Outbound" list (7 leads). Bob is there so the tests can prove his names never reach Alice's answers;
 * each file seeds the rest itself, in its own order.
 */
export const seedChatAccounts = async (h: Harness): Promise<{ alice: SeededUser; bob: SeededUser }> => {
  const alice = await seedUser(h);
  const bob = await seedUser(h);
  await connectLinkedIn(h, alice);
  await connectLinkedIn(h, bob);
  await seedWebsite(h, alice.user.id);
  await seedCampaignList(h, alice.user.id, 7, { name: 'Q4 Outbound' });
  return { alice, bob };
};

/** The brand profile add_website would have read, and the account's website as it sets it. */
export const seedWebsite = async (h: Harness, userId: string): Promise<void> => {
  await h.deps.db
    .update(users)
    .set({ websiteUrl: 'https://acme-books.example', websiteName: 'Acme Books', websiteCheck: true })
    .where(eq(users.id, userId));
  await h.deps.db.insert(websites).values({
    userId,
    url: 'https://acme-books.example',
    finalUrl: 'https://acme-books.example/',
    name: 'Acme Books',
    company: 'Acme Books',
    description: 'Acme Books does bookkeeping for freelancers.',
    offer: 'bookkeeping for freelancers',
    audience: 'freelancers and small agencies',
    tone: 'Friendly, Approachable',
    keyPhrases: ['bookkeeping', 'tax filing', 'expense tracking'],
    readableText:
      'Acme Books does bookkeeping for freelancers. Tax filing every quarter and expense tracking.',
  });
};

/**
 * The lead outcomes of a campaign that has run a while, one lead per entry (in list order): its state and
 * whether a connection request went out. Figures of the ten below: 8 contacted, 6 requests sent, 3 of them
 * accepted (50%), 4 connected (one already was), 1 replied (25%), 1 failed, 1 skipped.
 */
export const RUN_OUTCOMES: { state: CampaignLeadState; invited: boolean }[] = [
  { state: 'replied', invited: true },
  { state: 'finished', invited: true },
  { state: 'follow_up_1_sent', invited: true },
  { state: 'request_accepted', invited: false },
  { state: 'withdrawn', invited: true },
  { state: 'invitation_sent', invited: true },
  { state: 'viewed_profile', invited: false },
  { state: 'skipped', invited: false },
  { state: 'failed', invited: true },
  { state: 'pending', invited: false },
];

/** A campaign made through the API, then moved on as the engine would: running, its leads at RUN_OUTCOMES. */
export const seedRunningCampaign = async (
  h: Harness,
  user: SeededUser,
  name: string,
  options: { stepsDone?: number } = {},
): Promise<number> => {
  const { campaignId } = await seedCampaign(h, user, RUN_OUTCOMES.length, { campaign_name: name });
  const ids = await campaignLeadIds(h, campaignId);
  for (const [index, id] of ids.entries()) {
    const outcome = RUN_OUTCOMES[index];
    if (!outcome) continue;
    await h.deps.db
      .update(campaignLeads)
      .set({
        state: outcome.state,
        invitationSentAt: outcome.invited ? new Date('2026-01-05T10:00:00Z') : null,
      })
      .where(eq(campaignLeads.id, id));
  }
  await h.deps.db
    .update(campaigns)
    .set({
      status: 'running',
      stepsDone: options.stepsDone ?? 40,
      launchedAt: new Date('2026-01-01T09:00:00Z'),
    })
    .where(eq(campaigns.id, campaignId));
  return campaignId;
};
