import { CONNECTION_NOTE_MAX, TEMPLATE_VARIABLES } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';
import { writeOfflineMessages } from './offline-writer';
import type { MessageBrief } from './types';

const brief = (lead: Partial<MessageBrief['lead']> = {}, text = ''): MessageBrief => ({
  templateId: 3,
  ownTemplate: { name: 'Mine', text },
  goal: 'Book a Meeting',
  tone: 'Friendly, Approachable',
  senderName: 'Samantha Reyes',
  senderCompany: 'Brightwave',
  lead: {
    name: 'Dr. JANE Doe',
    headline: 'VP Engineering at Globex | Speaker',
    company: '',
    location: 'Austin, Texas',
    industry: 'Software Development',
    recentPost: 'We shipped our new platform today! It took a year.',
    research: {
      summary: 'Talking points: “We shipped our new platform today!”',
      talkingPoint: '“We shipped our new platform today!”',
    },
    ...lead,
  },
});

const EVERY = TEMPLATE_VARIABLES.map((variable) => `{${variable.name}}`).join('|');

describe('fillTemplate', () => {
  it('puts every variable of a lead in place, cleaned as the writers clean them', () => {
    expect(fillTemplate(EVERY, brief())).toBe(
      'Jane|VP Engineering|Globex|software development|Austin|We shipped our new platform today|“We shipped our new platform today!”|Samantha|Brightwave',
    );
  });

  it('says something neutral for a detail that is not known, and drops a name that is no variable', () => {
    const unknown = brief({
      name: 'n/a',
      headline: '',
      company: '',
      location: '',
      industry: null,
      recentPost: null,
      research: null,
    });
    expect(fillTemplate(EVERY, { ...unknown, senderName: 'the team', senderCompany: null })).toBe(
      // A lead never researched leaves {research} out rather than saying something in its place.
      'there|your role|your company|your field|your city|your recent post||The team|our team',
    );
    expect(fillTemplate('Hi { first_name }{nope}!', brief())).toBe('Hi Jane!');
  });

  it('the offline writer sends the filled text as the note, within LinkedIn’s 300 characters', () => {
    const long = `Hi {first_name}, ${'we would love to talk about what you build. '.repeat(12)}`;
    const { connection_note, follow_up_1 } = writeOfflineMessages(brief({}, long));
    expect(connection_note.startsWith('Hi Jane, we would love to talk')).toBe(true);
    expect(connection_note.length).toBeLessThanOrEqual(CONNECTION_NOTE_MAX);
    expect(follow_up_1).toMatch(/^Hi Jane/);
  });
});
