import { MESSAGE_TONES } from '@sales-assist/contract';

export type Tone = (typeof MESSAGE_TONES)[number];

/** How one tone speaks: the words around the content, which the templates and goals fill in. */
export type Voice = {
  greeting: (firstName: string | null) => string;
  signOffs: readonly string[];
  /** A compliment on `work` ("your work as CTO at Acme"); `Work` is the same, capitalised. */
  compliments: readonly ((work: string, Work: string) => string)[];
  /** Put before a question ("Quick one: what…"). */
  questionLeads: readonly string[];
  thanksForConnecting: readonly string[];
  /** Opens the second follow-up, when the first got no answer. */
  nudges: readonly string[];
  /** Ends the second follow-up: leaves the door open. */
  letGo: readonly string[];
  /** Opens a comment on a post. */
  reactions: readonly ((name: string) => string)[];
};

const named = (word: string, firstName: string | null, end: string): string =>
  firstName ? `${word} ${firstName}${end}` : `${word} there${end}`;

export const VOICES: Record<Tone, Voice> = {
  'Friendly, Approachable': {
    greeting: (first) => named('Hi', first, ','),
    signOffs: ['Cheers', 'Best', 'Warmly'],
    compliments: [
      (work) => `I really enjoyed coming across ${work}.`,
      (work) => `I've been enjoying ${work}, it's great to see.`,
    ],
    questionLeads: ['I would love to know:', 'Curious:'],
    thanksForConnecting: ['Thanks so much for connecting!', 'Really glad we connected!'],
    nudges: [
      'Just floating my last message back to the top of your inbox.',
      'Popping back in, in case my last note got lost in the shuffle.',
    ],
    letGo: ["And if the timing isn't right, no worries at all.", 'If now is not a good time, totally fine.'],
    reactions: [(name) => `Really enjoyed this${name}!`, (name) => `Lovely post${name}!`],
  },
  'Conversational, Engaging': {
    greeting: (first) => named('Hey', first, ','),
    signOffs: ['Talk soon', 'Cheers'],
    compliments: [
      (work) => `I came across ${work} and had to say hi.`,
      (work) => `I keep running into ${work}, so it felt right to reach out.`,
    ],
    questionLeads: ["I'm curious:", 'Tell me:'],
    thanksForConnecting: ['Great to be connected!', 'Glad we are connected now!'],
    nudges: [
      'Circling back on my last note, in case it got buried.',
      'Bumping this up, I know how busy inboxes get.',
    ],
    letGo: [
      "If now's not the time, just say so and I'll leave it there.",
      'Either way, I enjoyed the exchange.',
    ],
    reactions: [(name) => `Interesting take${name}.`, (name) => `This got me thinking${name}.`],
  },
  'Urgent, Action-Oriented': {
    greeting: (first) => (first ? `Hi ${first},` : 'Hi,'),
    signOffs: ['Thanks', 'Best'],
    compliments: [
      (_work, Work) => `${Work} caught my attention right away.`,
      (_work, Work) => `${Work} is exactly why I'm writing today.`,
    ],
    questionLeads: ['Straight question:', 'Quick question:'],
    thanksForConnecting: ['Thanks for connecting.', 'Thanks for accepting, let me get straight to it.'],
    nudges: [
      "Following up quickly, as I'd hate for this to slip through the cracks.",
      'A quick follow-up, since timing matters here.',
    ],
    letGo: ["If it's not a priority right now, a quick no is perfectly fine.", 'A one-word reply is plenty.'],
    reactions: [(name) => `This is timely${name}.`, (name) => `Needed to read this today${name}.`],
  },
  'Casual, Light-Hearted': {
    greeting: (first) => named('Hey', first, '!'),
    signOffs: ['Cheers', 'Catch you soon'],
    compliments: [
      (_work, Work) => `${Work} caught my eye, in the best way.`,
      (work) => `Not going to lie, ${work} made me a little jealous.`,
    ],
    questionLeads: ['Quick one:', 'Random question:'],
    thanksForConnecting: ['Thanks for accepting, good to be connected!', 'Yay, we are connected!'],
    nudges: ['Me again! Giving my last message a gentle nudge.', 'Back with a friendly little bump.'],
    letGo: ['And if not, no hard feelings!', "If it's a no, I'll survive, promise."],
    reactions: [(name) => `Ha, love this${name}!`, (name) => `This made my feed better${name}.`],
  },
  'Professional, Formal': {
    greeting: (first) => (first ? `Dear ${first},` : 'Hello,'),
    signOffs: ['Kind regards', 'Best regards'],
    compliments: [
      (work) => `I was impressed by ${work}.`,
      (work) => `I have followed ${work} with interest.`,
    ],
    questionLeads: ['May I ask:', 'If I may ask:'],
    thanksForConnecting: ['Thank you for accepting my invitation.', 'Thank you for connecting.'],
    nudges: ['I am following up on my previous message.', 'I wanted to follow up on my earlier note.'],
    letGo: [
      'Should the timing not be right, I completely understand.',
      'If this is not a priority at present, I understand entirely.',
    ],
    reactions: [(name) => `Thank you for sharing this${name}.`, (name) => `A valuable perspective${name}.`],
  },
  'Authoritative, Expert': {
    greeting: (first) => (first ? `Hello ${first},` : 'Hello,'),
    signOffs: ['Regards', 'Best regards'],
    compliments: [
      (_work, Work) => `${Work} stands out in a crowded field.`,
      (_work, Work) => `${Work} shows a clear grasp of what matters.`,
    ],
    questionLeads: ['One question I ask every leader I meet:', 'A question worth considering:'],
    thanksForConnecting: ['Thank you for connecting.', 'Good to have you in my network.'],
    nudges: [
      'Following up on my previous note.',
      'Returning to my earlier message, as the point still stands.',
    ],
    letGo: ['If this is not a priority for you right now, just let me know.', 'If not now, I understand.'],
    reactions: [(name) => `Well put${name}.`, (name) => `Spot on${name}.`],
  },
};

export const DEFAULT_TONE: Tone = 'Friendly, Approachable';

/** The campaign's tone; anything else (an old or hand-edited row) speaks with the spec's default. */
export const toneOf = (tone: string): Tone => MESSAGE_TONES.find((known) => known === tone) ?? DEFAULT_TONE;
