import { describe, expect, it } from 'vitest';
import { toneOfProfile } from './brand-facts';
import { relevantSentences, shortSubjectOf, subjectChunks, subjectOf } from './grounding';
import { gerundOf, sentencesOf, slugify } from './text-tools';

describe("a topic's subject", () => {
  it.each([
    ['How to choose a CRM for a small sales team', [], 'choosing a CRM for a small sales team'],
    ['How we cut churn in half', [], 'cutting churn in half'],
    ['Inside Acme: how we onboard customers', [], 'onboarding customers'],
    ['A practical checklist for cold email', ['cold email'], 'cold email'],
    ["A beginner's guide to deal tracking", [], 'deal tracking'],
    ['Common mistakes with cold email and how to avoid them', ['cold email'], 'cold email'],
    ['Common onboarding mistakes', [], 'onboarding'],
    ['Myths about sales follow-up that hold small businesses back', [], 'sales follow-up'],
    ['10 tips for better cold emails', [], 'better cold emails'],
    ['What is lead scoring?', [], 'lead scoring'],
    ['What is next for pricing pages: the shifts growing businesses should watch', [], 'pricing pages'],
    ['Why it pays to take pipeline visibility seriously', [], 'pipeline visibility'],
    ['Getting started with content marketing: a simple plan', [], 'content marketing'],
    ['Email newsletters for local bakeries', [], 'email newsletters for local bakeries'],
    // What the people in the topic do is its subject, not the keyword it happens to name.
    ['Why small teams lose deals', ['lost deals', 'small teams'], 'losing deals'],
    ['Is cold calling dead?', [], 'cold calling'],
    ['Should you hire an SDR?', [], 'hiring an SDR'],
    ['Why small teams need a CRM', [], 'CRM'],
    ['What makes a good sales deck?', [], 'sales deck'],
    ['The future of B2B sales', [], 'the future of B2B sales'],
  ])('%s → %s', (topic, keywords, subject) => {
    expect(subjectOf(topic, keywords)).toBe(subject);
  });

  it('has a short form for the mentions after the first', () => {
    expect(shortSubjectOf('choosing a CRM for a small sales team')).toBe('choosing a CRM');
    expect(shortSubjectOf('getting more out of deal tracking', ['deal tracking'])).toBe('deal tracking');
    expect(shortSubjectOf('pipeline visibility')).toBe('pipeline visibility');
    expect(subjectChunks('email newsletters for local bakeries')).toEqual([
      'email newsletters',
      'local bakeries',
    ]);
  });
});

describe('text tools', () => {
  it('turns verbs into gerunds', () => {
    const verbs = {
      choose: 'choosing',
      plan: 'planning',
      build: 'building',
      run: 'running',
      write: 'writing',
    };
    for (const [verb, gerund] of Object.entries(verbs)) expect(gerundOf(verb)).toBe(gerund);
    expect(gerundOf('grow')).toBe('growing');
    expect(gerundOf('open')).toBe('opening');
    expect(gerundOf('see')).toBe('seeing');
  });

  it('makes URL-safe slugs', () => {
    expect(slugify('Ünïcode & “quotes”: the CRM’s guide!')).toBe('unicode-and-quotes-the-crms-guide');
    expect(slugify('!!!')).toBe('post');
    expect(slugify('word '.repeat(60)).length).toBeLessThanOrEqual(80);
  });

  it('splits sentences, keeping abbreviations and list lines', () => {
    expect(sentencesOf('We help teams, e.g. small ones. It works!\n- First point\n2) Second point')).toEqual([
      'We help teams, e.g. small ones.',
      'It works!',
      'First point',
      'Second point',
    ]);
  });

  it('maps a free-text tone of voice to one of the six tones', () => {
    expect(toneOfProfile('Professional, Formal')).toBe('Professional, Formal');
    expect(toneOfProfile('Friendly, Approachable')).toBe('Friendly, Approachable');
    expect(toneOfProfile('warm and plain-spoken')).toBe('Friendly, Approachable');
    expect(toneOfProfile('confident, expert')).toBe('Authoritative, Expert');
    expect(toneOfProfile('playful')).toBe('Casual, Light-Hearted');
    expect(toneOfProfile('')).toBe('Friendly, Approachable');
  });

  it("picks the user's most relevant sentences first, then the rest in order", () => {
    const inputs = [
      {
        name: 'a',
        text: 'Our office is in Leeds and we like coffee a lot. Onboarding takes us two full weeks today.',
      },
      { name: 'b', text: 'Short one. We want customer onboarding to feel personal for every account.' },
    ];
    expect(relevantSentences(inputs, 'customer onboarding', 3)).toEqual([
      'We want customer onboarding to feel personal for every account.',
      'Onboarding takes us two full weeks today.',
      'Our office is in Leeds and we like coffee a lot.',
    ]);
  });
});
