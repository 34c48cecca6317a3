import type { Tone } from '../../message-writer/offline-voices';
import { verb } from './text-tools';

/**
 * How each of the app's six tones (the campaign writer's, message-writer/offline-voices) sounds in
 * long-form content: the sentences around the substance. The substance itself (steps, mistakes,
 * checklists) is written plainly enough to fit every tone. `f` is the subject ("choosing a CRM"),
 * `F` the same capitalised.
 */
export type ContentVoice = {
  /** The first sentence of a blog post. */
  openers: readonly ((f: string, F: string) => string)[];
  /** The last words of a blog post, before its call to action. */
  closers: readonly ((f: string) => string)[];
  /** The call to action when the prompt names none; `who` is the company, or null. */
  callsToAction: readonly ((f: string, who: string | null) => string)[];
  /** A LinkedIn hook that states a point about the subject. */
  statementHooks: readonly ((f: string, F: string) => string)[];
  /** The question a LinkedIn post ends on, to invite comments. */
  closingQuestions: readonly ((f: string) => string)[];
  /** Emoji suit this tone when the prompt does not say either way. */
  emojiByDefault: boolean;
};

export const CONTENT_VOICES: Record<Tone, ContentVoice> = {
  'Friendly, Approachable': {
    openers: [
      (f) =>
        `If ${f} ${verb(f, 'has', 'have')} been sitting on your to-do list for a while, you are in good company.`,
      (f) => `Let's talk about ${f}, because there is more to it than first appears.`,
    ],
    closers: [
      (f) => `Take it one step at a time, and work on ${f} soon stops feeling like a chore.`,
      () => 'Start small, be kind to yourself when things slip, and keep going.',
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `If you would like a hand with ${f}, the team at ${who} is always happy to talk it through.`
          : `If this helped, pass it on to someone who is working on ${f} right now.`,
      (f, who) =>
        who
          ? `Have a question about ${f}? Get in touch with ${who}; we would love to hear from you.`
          : `Have a question about ${f}? Leave it in the comments and let's work it out together.`,
    ],
    statementHooks: [
      (f) => `A friendly reminder: there is nothing complicated about ${f}.`,
      (f) => `Everything about ${f} gets easier the moment you stop trying to do it all at once.`,
    ],
    closingQuestions: [
      (f) => `What has helped you most with ${f}? I would love to hear.`,
      () => 'How do you approach this in your team?',
    ],
    emojiByDefault: false,
  },
  'Conversational, Engaging': {
    openers: [
      (f) => `Here is a question worth asking: when did you last take a proper look at ${f}?`,
      (f) => `The subject of ${f} comes up in conversation after conversation, and for good reason.`,
    ],
    closers: [
      (f) => `Treat ${f} as a conversation, not a one-off project, and keep it going.`,
      () => 'Try one idea from this post this week and see what changes.',
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `Want to compare notes on ${f}? Drop ${who} a line, we always enjoy these conversations.`
          : `Want to compare notes on ${f}? Share your take with a colleague and see where you agree.`,
      (f, who) =>
        who
          ? `Curious how others handle ${f}? Start a conversation with ${who}.`
          : `Curious how others handle ${f}? Ask around; you will learn a lot.`,
    ],
    statementHooks: [
      (f) => `Let's be honest about ${f} for a minute.`,
      (f) => `I keep having the same conversation about ${f}.`,
    ],
    closingQuestions: [
      (f) => `What is your take on ${f}?`,
      () => 'Agree, disagree? Tell me in the comments.',
    ],
    emojiByDefault: false,
  },
  'Urgent, Action-Oriented': {
    openers: [
      (f) => `Every week you put off ${f} is a week of progress left on the table.`,
      (f) => `Work on ${f} cannot wait for a quiet month, because quiet months rarely come.`,
    ],
    closers: [
      () => 'Pick one step from this post and do it today.',
      (f) => `Do not wait for the perfect moment to fix ${f}. Start now and improve as you go.`,
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `Ready to move on ${f}? Contact ${who} today and take the first step.`
          : `Ready to move on ${f}? Block an hour this week and start with step one.`,
      (f, who) =>
        who
          ? `Talk to ${who} this week and get ${f} moving.`
          : `Put ${f} on this week's agenda and act on it.`,
    ],
    statementHooks: [
      (f) => `Stop putting off ${f}.`,
      (f) => `If ${f} ${verb(f, 'is', 'are')} still on your "later" list, this is your sign.`,
    ],
    closingQuestions: [
      () => 'What is the one step you will take this week?',
      (f) => `What is stopping you from fixing ${f} today?`,
    ],
    emojiByDefault: false,
  },
  'Casual, Light-Hearted': {
    openers: [
      (f) => `Let's be real: nobody wakes up excited about ${f}. But stick with us.`,
      (f) => `People expect a post about ${f} to be dull. This one will not be.`,
    ],
    closers: [
      () => 'Keep it simple, keep it fun, and do not overthink it.',
      (f) => `And that's ${f} without the headache.`,
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `Fancy a chat about ${f}? Say hi to ${who}, we promise not to make it boring.`
          : `Know someone wrestling with ${f}? Send this their way.`,
      (_f, who) => (who ? `Questions? Give ${who} a shout.` : 'Questions? You know where the comments are.'),
    ],
    statementHooks: [
      (f) => `Hot take: there is nothing scary about ${f}.`,
      (f) => `Confession: we used to overthink ${f} too.`,
    ],
    closingQuestions: [
      (f) => `What is your best (or worst) story about ${f}?`,
      () => 'Be honest: which of these have you tried?',
    ],
    emojiByDefault: true,
  },
  'Professional, Formal': {
    openers: [
      (f) => `Organisations of every size face the question of ${f} sooner or later.`,
      (f) =>
        `The question of ${f} deserves careful consideration, as it shapes both daily operations and long-term results.`,
    ],
    closers: [
      (f) => `A structured, well-documented approach to ${f} pays dividends over time.`,
      () => 'With a clear plan and regular review, steady improvement is well within reach.',
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `To discuss ${f} in more detail, please contact ${who}.`
          : `We recommend reviewing your current approach to ${f} with your team in the coming weeks.`,
      (f, who) =>
        who
          ? `${who} would be pleased to discuss how this applies to your organisation.`
          : `Consider scheduling a short internal review of ${f} this quarter.`,
    ],
    statementHooks: [
      (f) => `A considered approach to ${f} is a competitive advantage.`,
      (f) => `The subject of ${f} merits more attention than it usually receives.`,
    ],
    closingQuestions: [
      (f) => `How does your organisation approach ${f}?`,
      () => 'I would welcome your perspective in the comments.',
    ],
    emojiByDefault: false,
  },
  'Authoritative, Expert': {
    openers: [
      (f) => `Most advice about ${f} misses the point.`,
      (f) => `There is less mystery to ${f} than the industry suggests, provided you focus on what matters.`,
    ],
    closers: [
      (f) => `Master the fundamentals, and ${f} ${verb(f, 'turns', 'turn')} from a worry into a strength.`,
      () => 'The fundamentals do not change. Apply them consistently and the results follow.',
    ],
    callsToAction: [
      (f, who) =>
        who
          ? `If ${f} ${verb(f, 'is', 'are')} a priority for you, ${who} can show you what a proven approach looks like.`
          : `If ${f} ${verb(f, 'is', 'are')} a priority, apply the first two steps this month and measure the difference.`,
      (f, who) =>
        who
          ? `Speak to ${who} for a clear, practical view of ${f}.`
          : `Audit your current approach to ${f} against the checklist above.`,
    ],
    statementHooks: [
      (f) => `Here is what most people get wrong about ${f}.`,
      (f) => `One lesson about ${f} stands out above the rest.`,
    ],
    closingQuestions: [
      (f) => `What is the biggest lesson you have learned about ${f}?`,
      () => 'What would you add?',
    ],
    emojiByDefault: false,
  },
};
