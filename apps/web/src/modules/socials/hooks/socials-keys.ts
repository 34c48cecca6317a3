export const SOCIALS_KEY = ['socials'] as const;
