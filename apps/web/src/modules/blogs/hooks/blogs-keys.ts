/** Query keys of the Blogs screen; everything under BLOGS_KEY is refreshed after a change. */
export const BLOGS_KEY = ['blogs'] as const;
export const BLOG_PAGES_KEY = [...BLOGS_KEY, 'pages'] as const;
export const BLOG_POST_KEY = [...BLOGS_KEY, 'post'] as const;
export const BLOG_TOPICS_KEY = [...BLOGS_KEY, 'topics'] as const;
/** How often a screen showing a post being written asks again. */
export const GENERATING_REFRESH_MS = 2000;
