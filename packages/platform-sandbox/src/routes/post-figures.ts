import { createHash } from 'node:crypto';

/**
 * The figures a sandbox post has at an instant: deterministic (from the post's id and its age, so a test
 * can compute what it will read) and growing with the time since it was published, fast in the first day
 * and levelling off over the following days as real posts do. Nothing before publication.
 */
export type SandboxFigures = {
  views: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
};

/** Half of a post's final views come within this many hours of publishing. */
const HALF_LIFE_HOURS = 24;

/** The views a post levels off at: 200 to 999, from its id. */
const ceilingOf = (id: string): number =>
  200 + (createHash('sha256').update(id).digest().readUInt32BE(0) % 800);

export const sandboxFiguresOf = (id: string, publishedAt: Date, now: Date): SandboxFigures => {
  const hours = Math.max(0, (now.getTime() - publishedAt.getTime()) / 3_600_000);
  const views = Math.floor(ceilingOf(id) * (1 - 0.5 ** (hours / HALF_LIFE_HOURS)));
  return {
    views,
    reach: Math.floor(views * 0.7),
    reactions: Math.floor(views * 0.05),
    comments: Math.floor(views * 0.012),
    shares: Math.floor(views * 0.008),
    saves: Math.floor(views * 0.015),
    clicks: Math.floor(views * 0.03),
  };
};
