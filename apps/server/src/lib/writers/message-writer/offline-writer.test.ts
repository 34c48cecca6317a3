import {
  CAMPAIGN_GOALS,
  COMMENT_MAX,
  CONNECTION_NOTE_MAX,
  FOLLOW_UP_MAX,
  MESSAGE_TONES,
  type TLeadMessages,
} from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { writeOfflineComment, writeOfflineMessages } from './offline-writer';
import type { MessageBrief } from './types';

const TEMPLATES = [1, 2, 3] as const;

const JANE: MessageBrief['lead'] = {
  name: 'Jane Doe',
  headline: 'VP Engineering at Globex | Speaker',
  company: 'Globex',
  location: 'Austin, Texas, United States',
  industry: 'Software Development',
  recentPost: null,
};

const briefFor = (overrides: Partial<MessageBrief> = {}): MessageBrief => ({
  templateId: 1,
  goal: 'Book a Meeting',
  tone: 'Friendly, Approachable',
  senderName: 'Samantha Reyes',
  senderCompany: 'Brightwave',
  lead: JANE,
  ...overrides,
});

const everyCombination = (lead: MessageBrief['lead'], extra: Partial<MessageBrief> = {}) =>
  TEMPLATES.flatMap((templateId) =>
    CAMPAIGN_GOALS.flatMap((goal) =>
      MESSAGE_TONES.map((tone) => {
        const brief = briefFor({ templateId, goal, tone, lead, ...extra });
        return { brief, messages: writeOfflineMessages(brief) };
      }),
    ),
  );

const texts = (messages: TLeadMessages) => [
  messages.connection_note,
  messages.follow_up_1,
  messages.follow_up_2,
];

/** What a missing field must never leave behind. */
const JUNK = [
  /undefined/i,
  /\bnull\b/i,
  /\bNaN\b/,
  /""/,
  /“”/,
  /[{}[\]<>]/,
  /\bat\s*[.,!?;:]/,
  /\bat\s*$/m,
  / {2}/,
  / [,.!?;:]/,
  /,,|\.\.(?!\.)/,
  /\(\s*\)/,
];
const expectNoJunk = (text: string) => {
  for (const pattern of JUNK) expect(text, `${pattern} in:\n${text}`).not.toMatch(pattern);
  expect(text.trim()).toBe(text);
};

describe('offline writer', () => {
  it('writes differently for every template, goal and tone', () => {
    const all = everyCombination(JANE);
    expect(all).toHaveLength(3 * 3 * 6);
    for (const key of ['connection_note', 'follow_up_1', 'follow_up_2'] as const) {
      expect(new Set(all.map(({ messages }) => messages[key])).size).toBe(all.length);
    }
    // The three messages of one lead are three different messages.
    for (const { messages } of all) expect(new Set(texts(messages)).size).toBe(3);
  });

  it('follows the template: a compliment, a question, or a personal detail first', () => {
    const tone = 'Professional, Formal';
    const note = (templateId: 1 | 2 | 3) =>
      writeOfflineMessages(briefFor({ templateId, tone })).connection_note;
    expect(note(1)).toMatch(/impressed by|followed/);
    expect(note(2)).toMatch(/\?/);
    expect(note(2)).toContain('I ask because');
    expect(note(3)).toMatch(/caught my eye|stayed with me/);
  });

  it('asks for what the goal is after', () => {
    const tone = 'Friendly, Approachable';
    const followUp = (goal: string) => writeOfflineMessages(briefFor({ goal, tone })).follow_up_1;
    expect(followUp('Book a Meeting')).toContain('15-minute call');
    expect(followUp('Form a Connection')).toContain('No agenda');
    expect(followUp('Advertise a Product')).toContain("what we've built at Brightwave");
  });

  it('sounds like the tone', () => {
    const note = (tone: string) => writeOfflineMessages(briefFor({ tone })).connection_note;
    expect(note('Professional, Formal')).toMatch(/^Dear Jane,/);
    expect(note('Casual, Light-Hearted')).toMatch(/^Hey Jane!/);
    expect(note('Urgent, Action-Oriented')).toContain('this week');
  });

  it("personalises with what is known of the lead and signs with the sender's first name", () => {
    const lead = { ...JANE, recentPost: 'Hiring engineers is harder than ever. Here is what worked for us.' };
    const all = everyCombination(lead);
    for (const { messages } of all) {
      for (const text of texts(messages)) {
        expect(text).toMatch(/\bJane\b/);
        expect(text).not.toContain('Doe');
        expect(text.endsWith('Samantha')).toBe(true);
        expect(text).not.toContain('Reyes');
      }
    }
    const joined = all.flatMap(({ messages }) => texts(messages)).join('\n');
    expect(joined).toContain('"Hiring engineers is harder than ever"');
    const withoutPost = everyCombination(JANE)
      .flatMap(({ messages }) => texts(messages))
      .join('\n');
    for (const fact of ['VP Engineering', 'Globex', 'software development', 'Austin']) {
      expect(withoutPost).toContain(fact);
    }
  });

  it('keeps every limit with very long names, headlines, companies and posts', () => {
    const words = (word: string, count: number) => Array.from({ length: count }, () => word).join(' ');
    const leads: MessageBrief['lead'][] = [
      {
        name: `Maximiliana ${words('Wolfeschlegelsteinhausen', 20)}`,
        headline: `${words('Chief Visionary Officer', 40)} at ${words('Enormous Holdings', 40)}`,
        company: words('International Consolidated Enterprises', 30),
        location: words('Llanfairpwllgwyngyll', 30),
        industry: words('Professional Services', 30),
        recentPost: words('A very long post about everything', 500),
      },
      {
        name: 'X'.repeat(500),
        headline: 'H'.repeat(2000),
        company: 'C'.repeat(800),
        location: 'L'.repeat(300),
        industry: 'I'.repeat(300),
        recentPost: 'P'.repeat(5000),
      },
    ];
    for (const lead of leads) {
      const all = everyCombination(lead, {
        senderName: words('Bartholomew', 30),
        senderCompany: words('Co', 200),
      });
      for (const { brief, messages } of all) {
        expect(messages.connection_note.length).toBeLessThanOrEqual(CONNECTION_NOTE_MAX);
        expect(messages.follow_up_1.length).toBeLessThanOrEqual(FOLLOW_UP_MAX);
        expect(messages.follow_up_2.length).toBeLessThanOrEqual(FOLLOW_UP_MAX);
        for (const text of texts(messages)) {
          expect(text.length).toBeGreaterThan(40);
          expectNoJunk(text);
        }
        const comment = writeOfflineComment({ ...brief, post: lead.recentPost ?? '' });
        expect(comment.length).toBeLessThanOrEqual(COMMENT_MAX);
        expectNoJunk(comment);
      }
    }
  });

  it('leaves no placeholder or gap when fields are missing', () => {
    const missing: MessageBrief['lead'][] = [
      { name: '', headline: '', company: '', location: '', industry: null, recentPost: null },
      {
        name: 'None',
        headline: 'undefined',
        company: 'null',
        location: '-',
        industry: 'N/A',
        recentPost: '',
      },
      { name: '  ', headline: ' | ', company: ' ', location: ', ,', industry: '  ', recentPost: '   ' },
      { name: 'Jane', headline: '', company: '', location: '', industry: null, recentPost: null },
      { name: '', headline: 'Founder at', company: '', location: '', industry: null, recentPost: null },
    ];
    for (const lead of missing) {
      for (const senderName of ['the team', '', 'Samantha Reyes']) {
        for (const { brief, messages } of everyCombination(lead, { senderName, senderCompany: null })) {
          for (const text of texts(messages)) expectNoJunk(text);
          expect(messages.connection_note).not.toMatch(/\bat Brightwave\b/);
          expectNoJunk(writeOfflineComment({ ...brief, post: '' }));
        }
      }
    }
    const bare = writeOfflineMessages(
      briefFor({ lead: missing[0], senderName: 'the team', senderCompany: null }),
    );
    expect(bare.connection_note).toMatch(/^Hi there,/);
    expect(bare.connection_note.endsWith('The team')).toBe(true);
  });

  it('cleans names: titles, capitals and credentials go', () => {
    const note = writeOfflineMessages(
      briefFor({ lead: { ...JANE, name: 'Dr. JANE van Dyke, PhD 🚀' } }),
    ).connection_note;
    expect(note).toMatch(/^Hi Jane,/);
    expect(note).not.toMatch(/Dr|PhD|JANE|🚀/);
  });

  it('is deterministic for a lead, and varies its wording across leads', () => {
    const brief = briefFor({ templateId: 2, tone: 'Conversational, Engaging' });
    expect(writeOfflineMessages(brief)).toEqual(writeOfflineMessages({ ...brief }));
    const notes = Array.from({ length: 30 }, (_, i) =>
      writeOfflineMessages(briefFor({ lead: { ...JANE, name: `Jane${i} Doe` } })).connection_note.replace(
        /Jane\d+/,
        'Jane',
      ),
    );
    expect(new Set(notes).size).toBeGreaterThan(1);
  });

  it('writes a public comment on a post that reacts to it and never sells', () => {
    const post = 'Remote teams ship faster when they write things down. Here is our playbook.';
    const comments = MESSAGE_TONES.flatMap((tone) =>
      TEMPLATES.map((templateId) => writeOfflineComment({ ...briefFor({ tone, templateId }), post })),
    );
    expect(new Set(comments).size).toBe(comments.length);
    for (const comment of comments) {
      expectNoJunk(comment);
      expect(comment).toContain('Jane');
      expect(comment).not.toMatch(/15-minute|call|Brightwave|Samantha/);
    }
    expect(comments.join('\n')).toContain('"Remote teams ship faster when they write things down"');
  });
});
