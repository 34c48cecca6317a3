import { createHash } from 'node:crypto';
import { COMMENT_MAX, CONNECTION_NOTE_MAX, FOLLOW_UP_MAX, type TLeadMessages } from '@sales-assist/contract';
import { fillTemplate } from './fill-template';
import { type LeadFacts, leadFactsOf, type SenderFacts, senderFactsOf } from './lead-facts';
import { GOALS, goalOf } from './offline-goals';
import {
  commentBodiesOf,
  fieldOf,
  personalOf,
  questionOf,
  relatesOf,
  secondQuestionOf,
  stillThinkingOf,
  workOf,
} from './offline-phrases';
import { type Tone, toneOf, VOICES } from './offline-voices';
import { clipField, shortenText, tidyText } from './shorten-text';
import type { MessageBrief, MessageWriter } from './types';

/**
 * Picks among phrasings by a hash of the lead, so one lead always gets the same wording (tests can
 * assert it, a rerun writes the same text) while a campaign's leads do not all read alike.
 */
const pickerOf = (lead: MessageBrief['lead']) => {
  const digest = createHash('sha256')
    .update(JSON.stringify([lead.name, lead.headline, lead.company, lead.location, lead.industry]))
    .digest();
  return <T>(slot: number, options: readonly T[]): T => {
    const choice = options[(digest[slot % digest.length] ?? 0) % options.length];
    if (choice === undefined) throw new Error('pickerOf: no options to pick from');
    return choice;
  };
};

/** Mends the seams where a value meets the sentence around it ("Acme Inc.." or "Inc. ."). */
const polish = (text: string): string =>
  tidyText(
    text
      .replace(/ +([,.!?;:])/g, '$1')
      .replace(/([^.])\.\.(?!\.)/g, '$1.')
      .replace(/([!?])\./g, '$1'),
  );

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

type Parts = {
  facts: LeadFacts;
  sender: SenderFacts;
  tone: Tone;
  at: string;
  pick: ReturnType<typeof pickerOf>;
  brief: MessageBrief;
};

const partsOf = (brief: MessageBrief, facts = leadFactsOf(brief.lead)): Parts => {
  const sender = senderFactsOf(brief);
  return {
    facts,
    sender,
    tone: toneOf(brief.tone),
    at: sender.company ? ` at ${sender.company}` : '',
    pick: pickerOf(brief.lead),
    brief,
  };
};

/** The note's sentences by template: [opening, middle (dropped first when space runs out)]. */
const noteBody = ({ facts, tone, at, pick, brief }: Parts): [string, string] => {
  const voice = VOICES[tone];
  const goal = GOALS[goalOf(brief.goal)];
  const work = workOf(facts);
  if (brief.templateId === 1) {
    return [pick(1, voice.compliments)(work, capitalise(work)), pick(2, relatesOf(facts))];
  }
  if (brief.templateId === 2) {
    return [`${pick(3, voice.questionLeads)} ${questionOf(facts)}`, goal.because(fieldOf(facts), at)];
  }
  return [personalOf(facts), pick(4, goal.humanTouch)];
};

/** The user's own template is the note as they wrote it, with this lead's details filled in. */
const ownNote = (text: string, brief: MessageBrief): string =>
  shortenText(polish(fillTemplate(text, brief)), CONNECTION_NOTE_MAX);

const writeNote = (brief: MessageBrief): string => {
  if (brief.ownTemplate) return ownNote(brief.ownTemplate.text, brief);
  const full = partsOf(brief);
  // Shorter field values for the rare lead whose headline and company fill the note by themselves.
  const compact = partsOf(brief, {
    ...full.facts,
    role: clipField(full.facts.role, 25),
    focus: clipField(full.facts.focus, 30),
    company: clipField(full.facts.company, 25),
    postSnippet: clipField(full.facts.postSnippet, 30),
  });
  const voice = VOICES[full.tone];
  const ask = GOALS[goalOf(brief.goal)].noteAsk[full.tone](full.at);
  const greeting = voice.greeting(full.facts.firstName);
  const signOff = `${full.pick(5, voice.signOffs)}, ${full.sender.signature}`;
  const [opening, middle] = noteBody(full);
  const [compactOpening] = noteBody(compact);
  const candidates = [
    [greeting, opening, middle, ask],
    [greeting, opening, ask],
    [greeting, compactOpening, ask],
    [greeting, ask],
  ].map(([greeting, ...sentences]) => polish(`${greeting}\n${sentences.join(' ')}\n${signOff}`));
  const fitting = candidates.find((note) => note.length <= CONNECTION_NOTE_MAX);
  return fitting ?? shortenText(candidates.at(-1) ?? '', CONNECTION_NOTE_MAX);
};

const letter = (parts: Parts, paragraphs: string[], slot: number): string => {
  const voice = VOICES[parts.tone];
  const signOff = `${parts.pick(slot, voice.signOffs)},\n${parts.sender.signature}`;
  const text = polish([voice.greeting(parts.facts.firstName), ...paragraphs, signOff].join('\n\n'));
  return shortenText(text, FOLLOW_UP_MAX);
};

const writeFollowUps = (brief: MessageBrief): Pick<TLeadMessages, 'follow_up_1' | 'follow_up_2'> => {
  const parts = partsOf(brief);
  const { facts, tone, at, pick } = parts;
  const voice = VOICES[tone];
  const goal = GOALS[goalOf(brief.goal)];
  const ask = goal.followUpAsk[tone](at);
  const thanks = pick(6, voice.thanksForConnecting);
  const nudge = pick(7, voice.nudges);
  const letGo = pick(8, voice.letGo);
  const work = workOf(facts);
  const question = `${pick(3, voice.questionLeads)} ${questionOf(facts)}`;
  if (brief.templateId === 1) {
    // The second compliment differs from the note's, so the follow-up does not repeat it word for word.
    const noteCompliment = pick(
      1,
      voice.compliments.map((_, index) => index),
    );
    const compliment =
      voice.compliments[(noteCompliment + 1) % voice.compliments.length] ?? pick(1, voice.compliments);
    return {
      follow_up_1: letter(
        parts,
        [
          `${thanks} ${compliment(work, capitalise(work))}`,
          `${pick(9, relatesOf(facts))} ${goal.bridge(at)}`,
          ask,
        ],
        10,
      ),
      // The other way of relating, so the nudge says something new.
      follow_up_2: letter(parts, [nudge, `${pick(9, [...relatesOf(facts)].reverse())} ${ask}`, letGo], 11),
    };
  }
  if (brief.templateId === 2) {
    return {
      follow_up_1: letter(parts, [`${thanks} ${question}`, `${goal.because(fieldOf(facts), at)} ${ask}`], 10),
      follow_up_2: letter(
        parts,
        [nudge, `${pick(12, voice.questionLeads)} ${secondQuestionOf(facts)}`, `${ask} ${letGo}`],
        11,
      ),
    };
  }
  return {
    follow_up_1: letter(parts, [`${thanks} ${personalOf(facts)}`, `${pick(4, goal.humanTouch)} ${ask}`], 10),
    follow_up_2: letter(parts, [`${nudge} ${stillThinkingOf(facts)}`, `${ask} ${letGo}`], 11),
  };
};

const writeComment = (brief: MessageBrief & { post: string }): string => {
  const parts = partsOf({ ...brief, lead: { ...brief.lead, recentPost: brief.post } });
  const name = parts.facts.firstName ? `, ${parts.facts.firstName}` : '';
  const reaction = parts.pick(13, VOICES[parts.tone].reactions)(name);
  return shortenText(polish(`${reaction} ${commentBodiesOf(parts.facts)[brief.templateId]}`), COMMENT_MAX);
};

/** Composes every message from the template, goal, tone and what is known of the lead; no network. */
export const writeOfflineMessages = (brief: MessageBrief): TLeadMessages => ({
  connection_note: writeNote(brief),
  ...writeFollowUps(brief),
});

export const writeOfflineComment = writeComment;

export const createOfflineWriter = (): MessageWriter => ({
  kind: 'offline',
  writeMessages: async (brief) => writeOfflineMessages(brief),
  writeComment: async (brief) => writeComment(brief),
});
