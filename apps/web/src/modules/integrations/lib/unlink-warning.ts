/**
 * What unlinking does to the posts still meant for the account: they lose it and are not published, until
 * the same account is connected again, which gives them back (the server's reattach-posts.ts).
 */
export const unlinkWarning = (waitingPosts: number): string =>
  `${waitingPosts === 1 ? '1 post' : `${waitingPosts} posts`} waiting for this account (scheduled, or failed and ` +
  `waiting for a retry) will not be published while it is unlinked. They stay on the calendar, and go back to ` +
  `this account if you connect it again.`;
