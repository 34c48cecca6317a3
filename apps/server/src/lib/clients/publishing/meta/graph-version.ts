/**
 * Graph API versions this code was written against, with the day Meta released each. Meta keeps a
 * version for about two years; the newest one gives the longest time before it must change (the spec's
 * v17.0 expired on 2025-09-12). META_GRAPH_VERSION overrides the default.
 */
export const GRAPH_VERSION_RELEASES: Record<string, string> = {
  'v26.0': '2026-07-29',
};

export const DEFAULT_GRAPH_VERSION = 'v26.0';
