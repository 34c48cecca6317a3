import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { personUrn } from '../src/lib/clients/publishing/linkedin';
import { linkedInPublisher } from '../src/modules/publishing/publishers/linkedin';
import {
  insertItem,
  insertLinkedInPost,
  pictureBytesOf,
  pieceOf,
  publishErrorOf,
  startPublisherHarness,
  studioSocialPosts,
  studioUser,
} from './publishers-support';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';
import { connectionOf, connectLinkedIn } from './support/platform-accounts';

let h: Harness;
let sandbox: PlatformSandbox;
let user: SeededUser;

beforeAll(async () => {
  ({ h, sandbox, user } = await startPublisherHarness(connectLinkedIn));
});
afterAll(() => h.close());
beforeEach(() => {
  sandbox.faults.clear();
  sandbox.platforms.linkedin.setReadBackAllowed(true);
});

const member = () => sandbox.platforms.linkedin.signedIn();
const postsByText = (text: string) =>
  sandbox.platforms.linkedin.posts().filter((post) => post.shownText === text);

describe('LinkedIn publisher', () => {
  it('publishes a LinkedIn post to the member’s feed exactly as written, hashtags and reserved characters kept', async () => {
    const text =
      'Pipeline reviews (every Monday) beat [quarterly] guesses.\n\nThree questions keep them short: what moved, what stalled, what needs help?\n\n#sales #pipeline';
    const item = await insertLinkedInPost(h, user, text);
    const connection = await connectionOf(h, user, 'linkedin');
    const published = await linkedInPublisher.publish(h.deps, pieceOf(h, item, connection));

    const held = postsByText(text);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      urn: published.externalId,
      author: personUrn(member().sub),
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      imageUrn: null,
    });
    expect(published.url).toBe(
      `${sandbox.url}/linkedin/feed/update/${encodeURIComponent(published.externalId)}/`,
    );
  });

  it('publishes a social post written for LinkedIn with its picture uploaded first', async () => {
    const posts = await studioSocialPosts(h, user, ['linkedin', 'facebook'], 'Weekly pipeline reviews');
    const item = posts.linkedin;
    const connection = await connectionOf(h, user, 'linkedin');
    const published = await linkedInPublisher.publish(h.deps, pieceOf(h, item, connection));

    const held = sandbox.platforms.linkedin.posts().find((post) => post.urn === published.externalId);
    expect(held?.shownText).toBe(item.body);
    expect(held?.imageUrn).toMatch(/^urn:li:image:/);
    const image = sandbox.platforms.linkedin.images().find((each) => each.urn === held?.imageUrn);
    expect(image?.contentType).toBe('image/png');
    expect(Buffer.compare(image?.bytes ?? Buffer.alloc(0), await pictureBytesOf(h, item))).toBe(0);

    // The same studio generation's Facebook post is not LinkedIn's to publish.
    const wrong = await publishErrorOf(() =>
      linkedInPublisher.publish(h.deps, pieceOf(h, posts.facebook, connection)),
    );
    expect(wrong.kind).toBe('invalid');
    expect(wrong.message).toBe('This post was written for Facebook; it cannot be published to LinkedIn.');
  });

  it('finds the post LinkedIn made when its answer was lost, by the very text it was sent', async () => {
    const text = 'What a lost answer teaches: ask before you post again. #reliability';
    const item = await insertLinkedInPost(h, user, text);
    const piece = pieceOf(h, item, await connectionOf(h, user, 'linkedin'));
    const since = new Date();
    sandbox.faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 504,
      after_handling: true,
    });
    const lost = await publishErrorOf(() => linkedInPublisher.publish(h.deps, piece));
    expect(lost.kind).toBe('unknown_outcome');

    const held = postsByText(text);
    expect(held).toHaveLength(1);
    const lookup = await linkedInPublisher.lookFor(h.deps, piece, since);
    expect(lookup).toEqual({
      found: {
        externalId: held[0]?.urn,
        url: `${sandbox.url}/linkedin/feed/update/${encodeURIComponent(held[0]?.urn ?? '')}/`,
      },
    });
  });

  it('answers notFound when the call failed before LinkedIn made anything', async () => {
    const text = 'Nothing was posted, so nothing is found. #honesty';
    const item = await insertLinkedInPost(h, user, text);
    const piece = pieceOf(h, item, await connectionOf(h, user, 'linkedin'));
    const since = new Date();
    sandbox.faults.inject({ method: 'POST', path: '/linkedin/rest/posts', status: 503 });
    expect((await publishErrorOf(() => linkedInPublisher.publish(h.deps, piece))).kind).toBe('unavailable');
    expect(postsByText(text)).toEqual([]);
    expect(await linkedInPublisher.lookFor(h.deps, piece, since)).toEqual({ notFound: true });
  });

  it('cannot check when LinkedIn refuses to let the app read the member’s posts', async () => {
    const item = await insertLinkedInPost(h, user, 'A post LinkedIn will not show us again. #privacy');
    const piece = pieceOf(h, item, await connectionOf(h, user, 'linkedin'));
    sandbox.platforms.linkedin.setReadBackAllowed(false);
    expect(await linkedInPublisher.lookFor(h.deps, piece, new Date())).toEqual({
      cannotCheck: 'LinkedIn does not let this app read the member’s posts back.',
    });
  });

  it('refuses content that is not ready, empty or not a post, without calling LinkedIn', async () => {
    const connection = await connectionOf(h, user, 'linkedin');
    const before = sandbox.platforms.linkedin.posts().length;
    const generating = await insertItem(h, user, {
      kind: 'linkedin_post',
      title: '',
      body: '',
      status: 'generating',
    });
    const failed = await insertItem(h, user, {
      kind: 'linkedin_post',
      title: '',
      body: '',
      status: 'failed',
    });
    const empty = await insertItem(h, user, { kind: 'linkedin_post', title: 'Blank', body: '  \n ' });
    const blog = await insertItem(h, user, { kind: 'blog', title: 'A blog', body: '<p>Long form</p>' });
    const cases = [
      [generating, 'The content is still being written; it can be published once it is ready.'],
      [failed, 'The content failed to be written, so there is nothing to publish.'],
      [empty, 'The content has no text to publish.'],
      [blog, 'A blog post cannot be published to LinkedIn.'],
    ] as const;
    for (const [item, message] of cases) {
      const error = await publishErrorOf(() =>
        linkedInPublisher.publish(h.deps, pieceOf(h, item, connection)),
      );
      expect(error).toMatchObject({ kind: 'invalid', platform: 'linkedin', message });
      const lookup = await publishErrorOf(() =>
        linkedInPublisher.lookFor(h.deps, pieceOf(h, item, connection), new Date()),
      );
      expect(lookup.kind).toBe('invalid');
    }
    expect(sandbox.platforms.linkedin.posts()).toHaveLength(before);
  });

  it('refuses an account of another platform or of another user', async () => {
    const connection = await connectionOf(h, user, 'linkedin');
    const item = await insertLinkedInPost(h, user, 'Only ever to my own account. #ownership');
    const before = sandbox.platforms.linkedin.posts().length;
    const other = await studioUser(h);
    const cases = [
      [{ ...connection, platform: 'wordpress' as const }, 'This account is not a LinkedIn account.'],
      [
        { ...connection, userId: other.user.id },
        'This account belongs to someone else; schedule the post to one of your accounts.',
      ],
    ] as const;
    for (const [target, message] of cases) {
      const error = await publishErrorOf(() => linkedInPublisher.publish(h.deps, pieceOf(h, item, target)));
      expect(error).toMatchObject({ kind: 'invalid', message });
    }
    expect(sandbox.platforms.linkedin.posts()).toHaveLength(before);
  });

  it('waits for a picture still being drawn (retryable), and posts text alone when its drawing failed', async () => {
    const posts = await studioSocialPosts(h, user, ['linkedin'], 'Follow-up cadences');
    const connection = await connectionOf(h, user, 'linkedin');
    const data = posts.linkedin.data as { image: Record<string, unknown> };
    const drawing = { ...posts.linkedin, data: { ...data, image: { ...data.image, status: 'rendering' } } };
    const wait = await publishErrorOf(() =>
      linkedInPublisher.publish(h.deps, pieceOf(h, drawing, connection)),
    );
    expect(wait.kind).toBe('unavailable');
    expect(wait.retryable).toBe(true);

    const [failedPicture] = await h.deps.db
      .update(contentItems)
      .set({ data: { ...data, image: { ...data.image, status: 'failed', storageKey: null } } })
      .where(eq(contentItems.id, posts.linkedin.id))
      .returning();
    if (!failedPicture) throw new Error('no row');
    const published = await linkedInPublisher.publish(h.deps, pieceOf(h, failedPicture, connection));
    const held = sandbox.platforms.linkedin.posts().find((post) => post.urn === published.externalId);
    expect(held).toMatchObject({ shownText: failedPicture.body, imageUrn: null });
  });
});
