import { describe, expect, it } from 'vitest';
import { intentOf } from '../src/lib/writers/content-writer/keyword-intent';
import { createOfflineContentWriter } from '../src/lib/writers/content-writer/offline/index';
import {
  isCut,
  isFiller,
  isFragmentPhrase,
  isUnbalanced,
  problemsOf,
  repeatedSentences,
  slotsTopic,
  sourcesOf,
} from '../src/lib/writers/content-writer/offline/prose-checks';
import type { BrandProfile, ContentContext } from '../src/lib/writers/content-writer/types';

/**
 * The broken output a marketer found in the offline writer, each caught by the mechanical checks the
 * corpus test counts (and the guards on a model's answer use): if a check stopped catching one of them,
 * the corpus test's zero would mean nothing.
 */

const SITE = sourcesOf([
  'LedgerLoop routes every supplier invoice to the right approver in Slack or Microsoft Teams.',
  'Approvers receive an invoice card in Slack with the amount, the supplier and the purchase order.',
]);

describe('the checks catch every broken example', () => {
  it('a topic slotted into a fixed sentence', () => {
    const topic = 'your AP team has outgrown manual invoice approval';
    const sentence =
      'A considered approach to your AP team has outgrown manual invoice approval is a competitive advantage.';
    expect(slotsTopic(sentence, topic, SITE)).toBe(true);
    expect(isFiller(sentence)).toBe(true);
    expect(problemsOf({ lines: [sentence], topic, sources: SITE }).map((problem) => problem.kind)).toEqual(
      expect.arrayContaining(['slotted', 'filler']),
    );
    expect(
      problemsOf({
        lines: ['How does your organisation approach harbor supply?'],
        topic: 'harbor supply',
        sources: SITE,
      }).map((problem) => problem.kind),
    ).toEqual(expect.arrayContaining(['slotted', 'filler']));
    expect(isFiller('Three ideas to make why approvers easier:')).toBe(true);
  });

  it('a bullet cut mid-sentence, an unclosed quote, the same sentence twice, filler', () => {
    expect(isCut('Approvers receive an invoice card in Slack with.')).toBe(true);
    expect(isCut('Approvers receive an invoice card in Slack with the amount')).toBe(true);
    expect(isCut('Approvers receive an invoice card in Slack with the amount.')).toBe(false);
    expect(isUnbalanced('“Our approvers finally answer on the day, says Maria Ortiz.')).toBe(true);
    expect(isUnbalanced('"Our approvers finally answer on the day, says Maria Ortiz.')).toBe(true);
    expect(isUnbalanced('The approvers’ queue is short (two invoices).')).toBe(false);
    const twice = 'Every approval is logged with who approved it and when.';
    expect(repeatedSentences([twice, 'Something else entirely here.', twice])).toEqual([twice]);
    expect(isFiller('The question of invoice approval deserves careful consideration.')).toBe(true);
    // A sentence nobody wrote is invented when the sources are known.
    expect(
      problemsOf({ lines: ['Invoice approval is the future of finance.'], sources: SITE }).map((p) => p.kind),
    ).toEqual(['invented']);
  });

  it('hashtags and key phrases made of fragments', () => {
    for (const fragment of ['#TeamsSwitch', 'books faster', 'general ledger current', 'ledgerloop reads']) {
      expect(isFragmentPhrase(fragment), fragment).toBe(true);
    }
    expect(isFragmentPhrase('how to choose aging reports')).toBe(true);
    expect(isFragmentPhrase('why approvers')).toBe(true);
    for (const phrase of [
      '#InvoiceApproval',
      'general ledger',
      'accounts payable automation',
      'approval workflows',
    ]) {
      expect(isFragmentPhrase(phrase), phrase).toBe(false);
    }
  });
});

const brand: BrandProfile = {
  company: 'LedgerLoop',
  websiteUrl: 'https://ledgerloop.example/',
  websiteSummary:
    'LedgerLoop routes every supplier invoice to the right approver in Slack or Microsoft Teams. Approval workflows send each invoice to the budget owner.',
  offer: 'Invoice approval in Slack and Teams for AP teams.',
  audience: 'AP teams',
  tone: '',
  keyPhrases: ['invoice approval', 'approval workflows', 'general ledger'],
  siteSentences: [
    'Approval workflows send each invoice to the budget owner, then to finance.',
    'Approved invoices are posted to the general ledger the same day.',
    'Invoice approval in Slack takes one click.',
  ],
};
const context: ContentContext = {
  userId: 'checks',
  brand,
  inputs: [],
  prompt: { id: 1, version: 1, name: 'Keywords', text: '' },
};

describe('keyword ideas', () => {
  it('differ in relevance (no longer every seed idea 100) and are noun phrases', async () => {
    const { result } = await createOfflineContentWriter().suggestKeywords(context, {
      seeds: ['invoice approval', 'purchase order matching'],
      topic: '',
      site: null,
      count: 30,
    });
    const seeds = result.filter((idea) => idea.source === 'seed');
    expect(new Set(seeds.map((idea) => idea.relevance)).size).toBeGreaterThan(1);
    expect(new Set(result.map((idea) => idea.relevance)).size).toBeGreaterThan(3);
    expect(result.filter((idea) => isFragmentPhrase(idea.text, [brand.company]))).toEqual([]);
    expect(result.map((idea) => idea.text)).not.toContain('how to choose aging reports');
  });

  it('label the same pattern the same way, whatever it names', () => {
    const intent = (keyword: string) => intentOf(keyword, { company: 'LedgerLoop', namesOffer: true });
    for (const subject of ['invoice approval', 'invoice approval software', 'approval services']) {
      expect(intent(`what is ${subject}`), subject).toBe('informational');
      expect(intent(`how to choose ${subject}`), subject).toBe('informational');
      expect(intent(`best ${subject}`), subject).toBe('commercial');
      expect(intent(`${subject} pricing`), subject).toBe('transactional');
      expect(intent(`how much does ${subject} cost`), subject).toBe('transactional');
    }
  });
});
