import { describe, expect, it } from 'vitest';
import { ACME_ROCKETS, contextFor } from './fixtures.test-support';
import { subjectOf } from './grounding';
import { blogPostHtml, createOfflineContentWriter, linkedinPostText } from './index';

/**
 * What a browser journey with the end-to-end site's brand showed: the topic the user typed must be what
 * the post is about (the brand's key phrases only colour it), the offer must read well whatever its
 * form, and the hashtags must be whole words about the topic first.
 */

const writer = createOfflineContentWriter();
const acme = () => contextFor({ brand: ACME_ROCKETS });
const TOPIC = 'Why follow-ups win meetings';

/** The lines of a post that are not about the company (the brand paragraph may name its key phrases). */
const linesOutsideTheBrand = (text: string): string[] =>
  text.split('\n').filter((line) => line.trim() && !line.includes('Acme Rockets'));

describe('the topic the user typed is the subject', () => {
  it('writes LinkedIn posts about follow-ups, not about the brand key phrase', async () => {
    const { result } = await writer.writeLinkedinPosts(acme(), { topic: TOPIC, variants: 2 });
    expect(result).toHaveLength(2);
    for (const draft of result) {
      expect(draft.hook.toLowerCase()).toContain('follow-ups');
      expect(draft.hook.toLowerCase()).not.toContain('small satellites');
      for (const line of linesOutsideTheBrand(`${draft.hook}\n${draft.body}`)) {
        expect(line.toLowerCase()).not.toContain('small satellites');
      }
    }
  });

  it('finds the subject of every common shape of topic, never a key phrase', () => {
    const keyPhrases = ACME_ROCKETS.keyPhrases;
    const cases: [string, string][] = [
      ['Why follow-ups win meetings', 'follow-ups that win meetings'],
      ['How follow-ups win meetings', 'follow-ups that win meetings'],
      ['Follow-ups win meetings', 'follow-ups that win meetings'],
      ['How small teams close bigger deals', 'closing bigger deals'],
      ['How to write a follow-up email', 'writing a follow-up email'],
      ['Do follow-up emails still work?', 'follow-up emails'],
      ['What makes a follow-up email work?', 'a follow-up email'],
      ['Cold email for startups', 'cold email for startups'],
      ['Sales pipeline', 'sales pipeline'],
      ['Why Follow-Ups Win Meetings', 'follow-ups that win meetings'],
      ['Is cold calling dead?', 'cold calling'],
      ['The one thing nobody tells you about writing proposals for bigger clients', 'writing proposals'],
      ['What do buyers want from a demo?', 'what buyers want from a demo'],
      ['Five signs your CRM is failing you', 'your CRM'],
      ['3 reasons why follow-ups win meetings', 'follow-ups that win meetings'],
      ['How do you price a new product?', 'pricing a new product'],
      ['Write better follow-ups', 'writing better follow-ups'],
      ['Stop chasing leads, start qualifying them', 'chasing leads'],
      ['Launch week recap', 'launch week recap'],
      ['WHY FOLLOW-UPS WIN MEETINGS', 'follow-ups that win meetings'],
      ['Why 🚀 follow-ups win meetings', 'follow-ups that win meetings'],
      ['Acme Rockets launch schedule', 'the Acme Rockets launch schedule'],
      ['Why the sales plan works', 'the sales plan that works'],
      // A bare singular thing takes a determiner: "Keep your sales pipeline in view".
      ['Sales pipeline', 'your sales pipeline'],
    ];
    for (const [topic, subject] of cases) {
      const found = subjectOf(topic, keyPhrases);
      expect(found, topic).not.toMatch(/small satellites|hidden fees/);
      expect(found, topic).toContain(subject);
    }
  });

  it('writes a blog post about the topic, with the key phrases only in the company parts', async () => {
    const { result } = await writer.writeBlogPost(acme(), { topic: TOPIC, keywords: [], length: 'short' });
    const intro = result.sections[0]?.html ?? '';
    expect(intro.toLowerCase()).toContain('follow-ups');
    expect(result.metaDescription.toLowerCase()).toContain('follow-ups');
    expect(result.metaDescription.toLowerCase()).not.toContain('small satellites');
  });
});

describe('the offer reads well whatever its form', () => {
  it('turns "Acme Rockets builds …" into "we build …", never "we work on acme Rockets builds"', async () => {
    const { result } = await writer.writeLinkedinPosts(acme(), { topic: TOPIC, variants: 3 });
    const text = result.map(linkedinPostText).join('\n');
    expect(text).toContain('At Acme Rockets, we build reusable rockets for small satellites');
    expect(text).not.toMatch(/acme Rockets|we work on Acme|work on \w+ \w+ builds/);
  });

  it('writes blog posts and topic ideas without the lower-cased name or a sentence slotted into a phrase', async () => {
    const post = await writer.writeBlogPost(acme(), { topic: TOPIC, keywords: [], length: 'long' });
    const html = blogPostHtml(post.result);
    expect(html).not.toMatch(/acme Rockets|on Acme Rockets builds|offers acme/);
    expect(html).toContain('we build reusable rockets for small satellites');
    const topics = await writer.suggestTopics(acme(), { seedKeywords: [], count: 12 });
    for (const topic of topics.result) {
      expect(`${topic.title} ${topic.angle}`).not.toMatch(/acme Rockets|Rockets builds/);
    }
  });

  it('keeps a noun-phrase offer as "we work on …" and a "We …" sentence in the first person', async () => {
    const phrase = await writer.writeLinkedinPosts(
      contextFor({ brand: { ...ACME_ROCKETS, offer: 'Reusable rockets for small satellites' } }),
      { topic: TOPIC, variants: 1 },
    );
    expect(linkedinPostText(phrase.result[0] ?? { hook: '', body: '', hashtags: [] })).toContain(
      'At Acme Rockets, we work on reusable rockets for small satellites',
    );
    const we = await writer.writeLinkedinPosts(
      contextFor({ brand: { ...ACME_ROCKETS, offer: 'We launch small satellites every week.' } }),
      { topic: TOPIC, variants: 1 },
    );
    expect(linkedinPostText(we.result[0] ?? { hook: '', body: '', hashtags: [] })).toContain(
      'At Acme Rockets, we launch small satellites every week',
    );
  });
});

describe('hashtags', () => {
  it('come from the topic first, then the brand, as whole words without fragments or near-repeats', async () => {
    const { result } = await writer.writeLinkedinPosts(acme(), { topic: TOPIC, variants: 2 });
    for (const draft of result) {
      expect(draft.hashtags[0]).toBe('#FollowUps');
      expect(draft.hashtags).not.toContain('#Small');
      expect(draft.hashtags).toContain('#SmallSatellites');
      const lower = draft.hashtags.map((tag) => tag.toLowerCase());
      for (const [index, tag] of lower.entries()) {
        for (const other of lower.slice(index + 1)) {
          expect(other.startsWith(tag) || tag.startsWith(other), `${tag} ${other}`).toBe(false);
        }
      }
    }
  });

  it('name the things a topic talks about, never its verbs or framing words', async () => {
    const tags = async (topic: string) =>
      (await writer.writeLinkedinPosts(acme(), { topic, variants: 1 })).result[0]?.hashtags ?? [];
    expect(await tags('Why your website loses leads')).toEqual(['#Website', '#Leads', '#SmallSatellites']);
    expect(await tags('How small teams close bigger deals')).toEqual([
      '#BiggerDeals',
      '#SmallTeams',
      '#SmallSatellites',
    ]);
    expect(await tags('Five signs your CRM is failing you')).toEqual([
      '#CRM',
      '#SmallSatellites',
      '#HiddenFees',
    ]);
  });
});

describe('topic ideas', () => {
  it('never offer to get more of a problem the brand solves ("invest in hidden fees")', async () => {
    const { result } = await writer.suggestTopics(acme(), { seedKeywords: [], count: 12 });
    expect(result).toHaveLength(12);
    for (const topic of result) {
      expect(topic.title).not.toMatch(
        /invest in hidden fees|more out of hidden fees|started with hidden fees|vs hidden fees|hidden fees vs/i,
      );
    }
  });

  it('give a bare singular keyword its determiner, and keep the keyword itself as given', async () => {
    const { result } = await writer.suggestTopics(acme(), { seedKeywords: ['sales pipeline'], count: 3 });
    expect(result[0]?.title).toMatch(/your sales pipeline/i);
    expect(result[0]?.keywords[0]).toBe('sales pipeline');
  });
});

describe('a summary of a source', () => {
  it("keeps the source's order, adds no advice to a source of three points, and no principle to news", async () => {
    const sourceText =
      'Launch week recap\nWe flew three small satellites this week. Every payload reached orbit on schedule. Customers paid exactly the quoted price per kilogram.';
    const { result } = await writer.writeLinkedinPosts(acme(), { sourceText, variants: 1 });
    const draft = result[0] ?? { hook: '', body: '', hashtags: [] };
    expect(draft.hook).toBe('Launch week recap, in a few lines:');
    expect(draft.body.split('\n').filter((line) => line.startsWith('• '))).toEqual([
      '• We flew three small satellites this week.',
      '• Every payload reached orbit on schedule.',
      '• Customers paid exactly the quoted price per kilogram.',
    ]);
    expect(draft.body).toContain('At Acme Rockets, we build reusable rockets for small satellites.');
    expect(draft.body).not.toMatch(/principle|goal for launch week recap/);
  });
});
