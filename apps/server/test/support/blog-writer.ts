import { createOfflineContentWriter } from '../../src/lib/writers/content-writer/offline';
import type {
  BlogPost,
  BlogTopic,
  ContentContext,
  ContentWriter,
  Written,
} from '../../src/lib/writers/content-writer/types';

/** A content writer the blog tests steer: what it answers, when, and whether it fails. */
export type ScriptedWriter = ContentWriter & {
  /** Contexts it was called with, newest last. */
  calls: { method: string; context: ContentContext; request: unknown }[];
  /** While set, writeBlogPost reports `progressAt` and then waits for `release()`. */
  hold: () => void;
  release: () => void;
  /** The next calls of these methods throw. */
  failing: Set<'suggestTopics' | 'writeBlogPost' | 'rewriteSection' | 'writeSocialPosts'>;
  progressAt: number;
  /** Topics answered per call (null: as many as asked). */
  topicsAnswered: number | null;
};

export const UNSAFE_SECTION_HTML =
  '<p>Hello <img src="x" onerror="alert(1)"> world <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>';

const used = <T>(result: T, kind: 'llm' | 'offline'): Written<T> => ({
  result,
  writer: kind,
  model: kind === 'llm' ? 'stand-in-model' : null,
  usage: { promptTokens: 120, completionTokens: 480 },
});

export const scriptedWriter = (kind: 'llm' | 'offline' = 'llm'): ScriptedWriter => {
  const offline = createOfflineContentWriter();
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;
  const writer: ScriptedWriter = {
    kind,
    calls: [],
    failing: new Set(),
    progressAt: 40,
    topicsAnswered: null,
    hold: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      open?.();
      gate = null;
    },
    suggestTopics: async (context, request) => {
      writer.calls.push({ method: 'suggestTopics', context, request });
      if (writer.failing.has('suggestTopics')) throw new Error('model unavailable');
      const count = writer.topicsAnswered ?? request.count;
      const topics: BlogTopic[] = Array.from({ length: count }, (_, index) => ({
        title: `Topic ${index + 1} about ${request.seedKeywords[0] ?? context.brand.company}`,
        angle: `Angle ${index + 1}`,
        keywords: ['crm', `keyword-${index + 1}`],
      }));
      return used(topics, kind);
    },
    writeBlogPost: async (context, request) => {
      writer.calls.push({ method: 'writeBlogPost', context, request });
      context.onProgress?.(writer.progressAt);
      if (gate) await gate;
      if (writer.failing.has('writeBlogPost')) throw new Error('model unavailable');
      const post: BlogPost = {
        title: `All about ${request.topic}`,
        slug: `all-about-${request.topic.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        metaDescription: 'A meta description. '.repeat(12),
        outline: ['Why it matters', 'How to start'],
        sections: [
          { heading: 'Why it matters', html: UNSAFE_SECTION_HTML },
          { heading: 'How to start', html: '<p>Start <strong>small</strong>.</p><ul><li>One</li></ul>' },
        ],
        keywordsUsed: request.keywords,
      };
      return used(post, kind);
    },
    rewriteSection: async (context, request) => {
      writer.calls.push({ method: 'rewriteSection', context, request });
      if (writer.failing.has('rewriteSection')) throw new Error('model unavailable');
      const section = request.post.sections[request.sectionIndex];
      return used(
        {
          heading: `${section?.heading ?? ''} (changed)`,
          html: `<p>Rewritten: ${request.instruction ?? 'fresh'}</p>`,
        },
        kind,
      );
    },
    writeLinkedinPosts: async () => {
      throw new Error('not used by the blog tests');
    },
    // Social posts: the offline writer's, as this writer's kind; a failing call throws as a model would.
    writeSocialPosts: async (context, request) => {
      writer.calls.push({ method: 'writeSocialPosts', context, request });
      if (writer.failing.has('writeSocialPosts')) throw new Error('model unavailable');
      return used((await offline.writeSocialPosts(context, request)).result, kind);
    },
    selectInfographicContent: async (context, request) => {
      writer.calls.push({ method: 'selectInfographicContent', context, request });
      return used((await offline.selectInfographicContent(context, request)).result, kind);
    },
    describeSocialImage: async (context, request) => {
      writer.calls.push({ method: 'describeSocialImage', context, request });
      return used((await offline.describeSocialImage(context, request)).result, kind);
    },
    writeSearchAd: async (context, request) => {
      writer.calls.push({ method: 'writeSearchAd', context, request });
      return used((await offline.writeSearchAd(context, request)).result, kind);
    },
    rewriteSearchAdField: async (context, request) => {
      writer.calls.push({ method: 'rewriteSearchAdField', context, request });
      return used((await offline.rewriteSearchAdField(context, request)).result, kind);
    },
    suggestKeywords: async (context, request) => {
      writer.calls.push({ method: 'suggestKeywords', context, request });
      return used((await offline.suggestKeywords(context, request)).result, kind);
    },
  };
  return writer;
};
