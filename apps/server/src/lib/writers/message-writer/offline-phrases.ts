import type { LeadFacts } from './lead-facts';

/** Sentences about the lead, each written for what is known, so a missing field leaves no gap. */

const quoted = (snippet: string): string => `"${snippet}"`;

/** What a compliment is about: "your work as CTO at Acme", "your profile" when nothing is known. */
export const workOf = (facts: LeadFacts): string => {
  if (facts.postSnippet) return `your recent post on ${quoted(facts.postSnippet)}`;
  if (facts.role && facts.company) return `your work as ${facts.role} at ${facts.company}`;
  if (facts.role) return `your work as ${facts.role}`;
  if (facts.focus) return `the way you're ${facts.focus}`;
  if (facts.company) return `what you're doing at ${facts.company}`;
  if (facts.industry) return `your work in ${facts.industry}`;
  return 'your profile';
};

/** Who the lead's peers are: "fintech", else "your field". */
export const fieldOf = (facts: LeadFacts): string => facts.industry ?? 'your field';

/** Template 1: relating to a challenge the sender and the lead share. */
export const relatesOf = (facts: LeadFacts): readonly string[] => {
  if (facts.industry) {
    return [
      `So many people in ${facts.industry} are being asked to do more with less right now, and I can relate.`,
      `Everyone I speak to in ${facts.industry} is juggling more than ever, and we see it too.`,
    ];
  }
  if (facts.company) {
    return [
      `I imagine things at ${facts.company} move fast, and I know that feeling well.`,
      `I suspect ${facts.company} is wrestling with some of the same questions we are.`,
    ];
  }
  return [
    'It sounds like we deal with many of the same challenges.',
    "I suspect we're wrestling with many of the same questions.",
  ];
};

/** Template 2: the engaging question, lower-case, to follow a lead-in such as "Quick one:". */
export const questionOf = (facts: LeadFacts): string => {
  if (facts.postSnippet) return `what made you write about ${quoted(facts.postSnippet)}?`;
  if (facts.role && facts.company)
    return `as ${facts.role} at ${facts.company}, what's taking up most of your week right now?`;
  if (facts.role) return `as ${facts.role}, what's taking up most of your week right now?`;
  if (facts.focus) return `what's the hardest part of ${facts.focus} right now?`;
  if (facts.industry) return `what's the biggest shift you're seeing in ${facts.industry} right now?`;
  if (facts.company) return `what's the top priority at ${facts.company} right now?`;
  return "what's the biggest challenge on your plate right now?";
};

/** Template 2, second follow-up: a new question, so the nudge is not a copy of the first message. */
export const secondQuestionOf = (facts: LeadFacts): string => {
  if (facts.industry) return `how is ${facts.industry} changing the way you work this year?`;
  if (facts.company) return `what would make the biggest difference at ${facts.company} this quarter?`;
  return 'what would make the biggest difference to your work this quarter?';
};

/** Template 3: the personal observation a person would open with. */
export const personalOf = (facts: LeadFacts): string => {
  if (facts.postSnippet) return `Your recent post on ${quoted(facts.postSnippet)} stayed with me.`;
  if (facts.role && facts.company) return `Your path to ${facts.role} at ${facts.company} caught my eye.`;
  if (facts.focus) return `I like that you're ${facts.focus}.`;
  if (facts.company) return `What you're doing at ${facts.company} caught my eye.`;
  if (facts.role) return `Your path to ${facts.role} caught my eye.`;
  if (facts.industry && facts.city)
    return `It's always good to meet someone in ${facts.industry} from ${facts.city}.`;
  if (facts.city) return `It's always nice to meet someone from ${facts.city}.`;
  if (facts.industry) return `It's always good to meet someone who knows ${facts.industry} from the inside.`;
  return 'Your profile caught my eye.';
};

/** Template 3, second follow-up. */
export const stillThinkingOf = (facts: LeadFacts): string =>
  facts.city
    ? `I still think there is a lot we could talk about, whether over a call or a coffee in ${facts.city}.`
    : 'I still think there is a lot we could talk about.';

/** The body of a comment on the lead's post (comments are public: they never sell). */
export const commentBodiesOf = (facts: LeadFacts): Record<1 | 2 | 3, string> => ({
  1: facts.postSnippet
    ? `${quoted(facts.postSnippet)} is a point more people in ${fieldOf(facts)} need to hear.`
    : `This matches what we keep seeing across ${fieldOf(facts)}.`,
  2: facts.industry
    ? `How do you see this playing out across ${facts.industry} over the next year?`
    : "What's the biggest lesson you took from this?",
  3: 'Thanks for putting this into words so clearly.',
});
