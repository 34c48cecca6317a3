export const TAGLINE = 'Goodbye marketing monotony, hello automated awesomeness!';
