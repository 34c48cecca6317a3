export const LINKEDIN_POSTS_KEY = ['linkedin-posts'] as const;
export const LINKEDIN_POSTS_PAGE_SIZE = 10;
