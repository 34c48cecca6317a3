import { randomBytes } from 'node:crypto';
import type { PlatformSandboxContext } from '../../context';

/**
 * The simulated LinkedIn world behind the OAuth and Posts API stand-in: the app registered with
 * LinkedIn, the members who can sign in, the codes and tokens LinkedIn gave out, uploaded images and
 * what was posted. Tests read and change it through LinkedInControl; the routes answer from it.
 */

export type LinkedInMember = { sub: string; name: string; email: string; picturePath: string };
export type LinkedInApp = { clientId: string; clientSecret: string };

/** Why a token stopped working; LinkedIn tells them apart in its 401 answers. */
export type LinkedInTokenDeath = 'expired' | 'revoked';

export type LinkedInToken = {
  value: string;
  sub: string;
  scopes: string[];
  issuedAt: Date;
  expiresAt: Date;
  revoked: boolean;
};

type Code = {
  value: string;
  sub: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  issuedAt: Date;
  used: boolean;
};

export type LinkedInImage = {
  urn: string;
  owner: string;
  uploadToken: string;
  uploadUrlExpiresAt: Date;
  bytes: Buffer | null;
  contentType: string | null;
};

export type LinkedInPost = {
  urn: string;
  author: string;
  /** As sent, in LinkedIn's little text format. */
  commentary: string;
  /**
   * What LinkedIn shows: escapes undone, and cut at the first unescaped reserved character that is
   * not a hashtag or mention, as LinkedIn silently does.
   */
  shownText: string;
  visibility: string;
  lifecycleState: string;
  feedDistribution: string;
  imageUrn: string | null;
  createdAt: Date;
};

export type LinkedInControl = {
  app: () => LinkedInApp;
  configureApp: (app: Partial<LinkedInApp>) => LinkedInApp;
  members: () => LinkedInMember[];
  addMember: (member: { name: string; email: string; sub?: string }) => LinkedInMember;
  /** The member the authorization page signs in as (the first one unless changed). */
  signInAs: (sub: string) => void;
  signedIn: () => LinkedInMember;
  tokens: () => LinkedInToken[];
  /** Ends every token of a member: as if 60 days had passed, or the member withdrew the app's access. */
  killTokensOf: (sub: string, death: LinkedInTokenDeath) => number;
  posts: () => LinkedInPost[];
  images: () => LinkedInImage[];
  /** Posts one member may publish per UTC day before LinkedIn answers 429 (150 by default). */
  setDailyPostLimit: (limit: number) => void;
  /** How long identical commentary by one author is refused as a duplicate (600 s by default). */
  setDuplicateWindowSeconds: (seconds: number) => void;
  /** Whether a member's token may read posts back (real LinkedIn needs r_member_social for that). */
  setReadBackAllowed: (allowed: boolean) => void;
  /** Deletes a post, as its author would on LinkedIn. */
  deletePost: (urn: string) => boolean;
  reset: () => void;
};

/** Everything the world holds, as kept on disk (dates and bytes are encoded by the world store). */
export type SavedLinkedIn = {
  app: LinkedInApp;
  members: LinkedInMember[];
  signedInSub: string;
  codes: Code[];
  tokens: LinkedInToken[];
  images: LinkedInImage[];
  posts: LinkedInPost[];
  dailyLimit: number;
  duplicateWindowMs: number;
  readBack: boolean;
};

export type LinkedInWorld = LinkedInControl & {
  ctx: PlatformSandboxContext;
  saved: () => SavedLinkedIn;
  restore: (saved: SavedLinkedIn) => void;
  memberBySub: (sub: string) => LinkedInMember | undefined;
  issueCode: (input: Omit<Code, 'value' | 'issuedAt' | 'used'>) => string;
  /** The code if it exists, is unused and under 30 minutes old; it is used up either way. */
  redeemCode: (value: string) => Code | 'used' | 'expired' | undefined;
  issueToken: (sub: string, scopes: string[]) => LinkedInToken;
  tokenByValue: (value: string) => LinkedInToken | undefined;
  newImage: (owner: string) => LinkedInImage;
  imageByUploadToken: (token: string) => LinkedInImage | undefined;
  imageByUrn: (urn: string) => LinkedInImage | undefined;
  addPost: (post: Omit<LinkedInPost, 'urn' | 'createdAt'>) => LinkedInPost;
  postByUrn: (urn: string) => LinkedInPost | undefined;
  postsToday: (author: string) => number;
  duplicateOf: (author: string, commentary: string) => LinkedInPost | undefined;
  dailyPostLimit: () => number;
  readBackAllowed: () => boolean;
};

/** Access tokens last 60 days (LinkedIn's expires_in 5184000). */
export const TOKEN_SECONDS = 60 * 24 * 3600;
const CODE_SECONDS = 30 * 60;
const DEFAULT_APP: LinkedInApp = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
};

const token = (bytes = 24) => randomBytes(bytes).toString('base64url');

export const createLinkedInWorld = (ctx: PlatformSandboxContext): LinkedInWorld => {
  let app: LinkedInApp = { ...DEFAULT_APP };
  let members: LinkedInMember[] = [];
  let signedInSub = '';
  let codes: Code[] = [];
  let tokens: LinkedInToken[] = [];
  let images: LinkedInImage[] = [];
  let posts: LinkedInPost[] = [];
  let dailyLimit = 150;
  let duplicateWindowMs = 600_000;
  let readBack = true;

  const addMember: LinkedInControl['addMember'] = ({ name, email, sub }) => {
    const id = sub ?? `${ctx.nextId('li')}${token(4)}`;
    const member = {
      sub: id,
      name,
      email,
      picturePath: `/linkedin/media/profile/${encodeURIComponent(id)}.svg`,
    };
    members.push(member);
    if (!signedInSub) signedInSub = id;
    return member;
  };

  const reset = () => {
    app = { ...DEFAULT_APP };
    members = [];
    signedInSub = '';
    codes = [];
    tokens = [];
    images = [];
    posts = [];
    dailyLimit = 150;
    duplicateWindowMs = 600_000;
    readBack = true;
    addMember({ name: 'Ada Sandbox', email: 'ada.sandbox@example.com' });
  };
  reset();

  const memberBySub = (sub: string) => members.find((member) => member.sub === sub);
  const startOfUtcDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

  return {
    ctx,
    saved: () => ({
      app,
      members,
      signedInSub,
      codes,
      tokens,
      images,
      posts,
      dailyLimit,
      duplicateWindowMs,
      readBack,
    }),
    restore: (saved) => {
      ({ app, members, signedInSub, codes, tokens, images, posts, dailyLimit, duplicateWindowMs, readBack } =
        saved);
    },
    app: () => ({ ...app }),
    configureApp: (change) => {
      app = { ...app, ...change };
      return { ...app };
    },
    members: () => members.map((member) => ({ ...member })),
    addMember,
    signInAs: (sub) => {
      if (!memberBySub(sub)) throw new Error(`No LinkedIn member ${sub}`);
      signedInSub = sub;
    },
    signedIn: () => memberBySub(signedInSub) as LinkedInMember,
    tokens: () => tokens.map((t) => ({ ...t })),
    killTokensOf: (sub, death) => {
      let killed = 0;
      for (const t of tokens) {
        if (t.sub !== sub) continue;
        killed++;
        if (death === 'revoked') t.revoked = true;
        else t.expiresAt = new Date(ctx.now().getTime() - 1000);
      }
      return killed;
    },
    posts: () => posts.map((post) => ({ ...post })),
    images: () => images.map((image) => ({ ...image })),
    setDailyPostLimit: (limit) => {
      dailyLimit = limit;
    },
    setDuplicateWindowSeconds: (seconds) => {
      duplicateWindowMs = seconds * 1000;
    },
    setReadBackAllowed: (allowed) => {
      readBack = allowed;
    },
    deletePost: (urn) => {
      const before = posts.length;
      posts = posts.filter((post) => post.urn !== urn);
      return posts.length < before;
    },
    reset,
    memberBySub,
    issueCode: (input) => {
      const value = token();
      codes.push({ ...input, value, issuedAt: ctx.now(), used: false });
      return value;
    },
    redeemCode: (value) => {
      const code = codes.find((c) => c.value === value);
      if (!code) return undefined;
      if (code.used) return 'used';
      code.used = true;
      if (ctx.now().getTime() - code.issuedAt.getTime() > CODE_SECONDS * 1000) return 'expired';
      return code;
    },
    issueToken: (sub, scopes) => {
      const issuedAt = ctx.now();
      const t: LinkedInToken = {
        value: `AQ${token(32)}`,
        sub,
        scopes,
        issuedAt,
        expiresAt: new Date(issuedAt.getTime() + TOKEN_SECONDS * 1000),
        revoked: false,
      };
      tokens.push(t);
      return t;
    },
    tokenByValue: (value) => tokens.find((t) => t.value === value),
    newImage: (owner) => {
      const image: LinkedInImage = {
        urn: `urn:li:image:D4E${ctx.nextId('')}${token(6)}`,
        owner,
        uploadToken: token(),
        uploadUrlExpiresAt: new Date(ctx.now().getTime() + 3600_000),
        bytes: null,
        contentType: null,
      };
      images.push(image);
      return image;
    },
    imageByUploadToken: (value) => images.find((image) => image.uploadToken === value),
    imageByUrn: (urn) => images.find((image) => image.urn === urn),
    addPost: (input) => {
      const post = {
        ...input,
        urn: `urn:li:share:7${ctx.nextId('')}${Date.now() % 1_000_000}`,
        createdAt: ctx.now(),
      };
      posts.push(post);
      return post;
    },
    postByUrn: (urn) => posts.find((post) => post.urn === urn),
    postsToday: (author) => {
      const day = startOfUtcDay(ctx.now());
      return posts.filter((post) => post.author === author && post.createdAt.getTime() >= day).length;
    },
    duplicateOf: (author, commentary) => {
      const since = ctx.now().getTime() - duplicateWindowMs;
      return posts.find(
        (post) =>
          post.author === author && post.commentary === commentary && post.createdAt.getTime() >= since,
      );
    },
    dailyPostLimit: () => dailyLimit,
    readBackAllowed: () => readBack,
  };
};

/**
 * How LinkedIn shows little text: "\x" is the character x; an unescaped reserved character ends the
 * text (LinkedIn silently cuts the post there), except a #hashtag or an @[Name](urn:li:…) mention.
 */
export const renderLittleText = (commentary: string): string => {
  const reserved = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '\\', '*', '_', '~']);
  let shown = '';
  for (let i = 0; i < commentary.length; i++) {
    const ch = commentary[i] as string;
    if (ch === '\\' && i + 1 < commentary.length) {
      shown += commentary[i + 1];
      i++;
      continue;
    }
    if (ch === '#' && /^#[\p{L}\p{N}_]+/u.test(commentary.slice(i))) {
      const tag = (commentary.slice(i).match(/^#[\p{L}\p{N}_]+/u) as RegExpMatchArray)[0];
      shown += tag;
      i += tag.length - 1;
      continue;
    }
    if (ch === '@') {
      const mention = commentary.slice(i).match(/^@\[([^\]]*)\]\(urn:li:[a-z]+:[^)]+\)/);
      if (mention) {
        shown += mention[1];
        i += mention[0].length - 1;
        continue;
      }
    }
    if (reserved.has(ch)) break;
    shown += ch;
  }
  return shown;
};

/**
 * Little text as LinkedIn stores it and answers it on read: a #hashtag sent as plain markup comes back as
 * the template `{hashtag|\#|tag}` (little text's HashtagTemplate); escapes stay as they were sent.
 * A read-back that compares the text it sent byte for byte would not find its own post.
 */
export const storedLittleText = (commentary: string): string => {
  let stored = '';
  for (let i = 0; i < commentary.length; i++) {
    const ch = commentary[i] as string;
    if (ch === '\\' && i + 1 < commentary.length) {
      stored += ch + commentary[i + 1];
      i++;
      continue;
    }
    const tag = ch === '#' ? commentary.slice(i).match(/^#([\p{L}\p{N}_]+)/u) : null;
    if (tag) {
      stored += `{hashtag|\\#|${tag[1]}}`;
      i += tag[0].length - 1;
      continue;
    }
    stored += ch;
  }
  return stored;
};
