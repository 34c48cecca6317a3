import { CAMPAIGN_GOALS } from '@sales-assist/contract';
import type { Tone } from './offline-voices';

export type Goal = (typeof CAMPAIGN_GOALS)[number];

/** What each goal asks for, in each tone. `at` is " at <sender's company>" or empty. */
type GoalWords = {
  /** The ask of the connection note: one short sentence. */
  noteAsk: Record<Tone, (at: string) => string>;
  /** The call to action of the follow-ups. */
  followUpAsk: Record<Tone, (at: string) => string>;
  /** Template 2: why the question was asked (`field`: "fintech", "your field"). */
  because: (field: string, at: string) => string;
  /** Template 3: the human touch before the soft ask. */
  humanTouch: readonly string[];
  /** Template 1: the turn from relating to selling in a follow-up. */
  bridge: (at: string) => string;
};

export const GOALS: Record<Goal, GoalWords> = {
  'Book a Meeting': {
    noteAsk: {
      'Friendly, Approachable': () => 'Would you be open to a quick 15-minute chat sometime soon?',
      'Conversational, Engaging': () => 'Up for a short call to compare notes one of these days?',
      'Urgent, Action-Oriented': () => 'Could we grab 15 minutes this week?',
      'Casual, Light-Hearted': () => 'Fancy a quick virtual coffee sometime?',
      'Professional, Formal': () => 'Would you be available for a brief call at your convenience?',
      'Authoritative, Expert': () =>
        "A focused 15-minute call would be worth your time, I'm confident of it.",
    },
    followUpAsk: {
      'Friendly, Approachable': () =>
        'Would you be up for a 15-minute call next week? Happy to work around your calendar.',
      'Conversational, Engaging': () =>
        "How about a quick 15-minute call next week? I'd love to hear how you're tackling it.",
      'Urgent, Action-Oriented': () =>
        "Can we lock in 15 minutes this week? Send me a time that works and I'll make it happen.",
      'Casual, Light-Hearted': () =>
        "Want to grab a quick 15-minute virtual coffee next week? I'll bring the good questions.",
      'Professional, Formal': () =>
        'Would you be available for a 15-minute call next week? I am happy to adapt to your schedule.',
      'Authoritative, Expert': () =>
        "I suggest a focused 15-minute call next week; I'll walk you through what has worked for teams like yours.",
    },
    because: (field) => `I ask because it's exactly what we help people in ${field} with.`,
    humanTouch: ["I'll keep this short, as I know your time is precious.", 'No hard sell, I promise.'],
    bridge: () =>
      "It's the kind of problem we spend our days solving, and a short conversation usually shows quickly whether we can help.",
  },
  'Form a Connection': {
    noteAsk: {
      'Friendly, Approachable': () => "I'd love to connect and keep in touch.",
      'Conversational, Engaging': () => 'Would be great to connect and swap ideas now and then.',
      'Urgent, Action-Oriented': () => "Let's connect today and start swapping ideas.",
      'Casual, Light-Hearted': () => "Figured it'd be fun to connect, no agenda.",
      'Professional, Formal': () => 'I would be glad to have you in my network.',
      'Authoritative, Expert': () => "I think we'd both get real value from connecting.",
    },
    followUpAsk: {
      'Friendly, Approachable': () =>
        "No agenda here, I'd just love to keep in touch and swap ideas now and then.",
      'Conversational, Engaging': () =>
        "I'd love to hear what you're working on these days, and I'm happy to share what I'm seeing too.",
      'Urgent, Action-Oriented': () =>
        "Let's keep the conversation going: what's the one thing you're focused on this month?",
      'Casual, Light-Hearted': () =>
        "No pitch, promise. It's just nice to know more good people in the field.",
      'Professional, Formal': () => 'I look forward to staying in touch and exchanging perspectives.',
      'Authoritative, Expert': () =>
        "I regularly share what I learn from the field, and I'd value your perspective in return.",
    },
    because: (field) => `I ask because I'm always keen to learn how people in ${field} approach it.`,
    humanTouch: [
      'No pitch in this note, just genuine interest.',
      'Nothing to sell, just nice to meet good people.',
    ],
    bridge: () =>
      "I always enjoy comparing notes with people who live this every day, and I'd be glad to share what we've learned along the way.",
  },
  'Advertise a Product': {
    noteAsk: {
      'Friendly, Approachable': (at) =>
        `I'd love to show you what we've been building${at}; I think you'd like it.`,
      'Conversational, Engaging': (at) => `Curious what you'd make of what we've built${at}?`,
      'Urgent, Action-Oriented': (at) => `Worth a look at what we've built${at} before the month is out?`,
      'Casual, Light-Hearted': (at) => `We built something${at} I think you'd get a kick out of.`,
      'Professional, Formal': (at) => `I would welcome the chance to introduce what we have built${at}.`,
      'Authoritative, Expert': (at) =>
        `What we've built${at} addresses exactly this, and I'd be glad to show you how.`,
    },
    followUpAsk: {
      'Friendly, Approachable': (at) =>
        `I'd love to show you what we've built${at}; I think it could make your week a little easier. Want me to send a short overview?`,
      'Conversational, Engaging': (at) =>
        `We've built something${at} that tackles exactly this. Want me to send over a two-minute overview?`,
      'Urgent, Action-Oriented': (at) =>
        `We're onboarding a handful of new teams${at} this month. Shall I send you the details today?`,
      'Casual, Light-Hearted': (at) =>
        `We made a thing${at} that takes some of the grind out of this. Want a peek?`,
      'Professional, Formal': (at) =>
        `I would be pleased to share a short overview of what we have built${at}. May I send it over?`,
      'Authoritative, Expert': (at) =>
        `What we've built${at} was designed for exactly this challenge, and the results speak for themselves. Shall I send you a short overview?`,
    },
    because: () => "I ask because that's exactly the problem we set out to solve.",
    humanTouch: ["I'll keep it brief and skip the brochure.", 'Short and sweet, as promised.'],
    bridge: () => "That's exactly why we built what we did, and it has been making a real difference.",
  },
};

export const DEFAULT_GOAL: Goal = 'Book a Meeting';

/** The campaign's goal; anything else (an old or hand-edited row) pursues the spec's default. */
export const goalOf = (goal: string): Goal => CAMPAIGN_GOALS.find((known) => known === goal) ?? DEFAULT_GOAL;
