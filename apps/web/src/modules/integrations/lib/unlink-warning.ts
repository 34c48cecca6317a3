/** What unlinking does to the posts still meant for the account (they lose it and are not published). */
export const unlinkWarning = (waitingPosts: number): string =>
  `${waitingPosts === 1 ? '1 post' : `${waitingPosts} posts`} waiting for this account (scheduled, or failed and ` +
  `waiting for a retry) will not be published once it is unlinked. They stay on the calendar.`;
