/** What the profile's Sessions section says (issue 21). */
export const SESSION_NOT_FOUND = 'This session was not found: it may have ended already. Reload the list.';
export const SESSION_ENDED = 'The session was signed out.';
export const OTHER_SESSIONS_ENDED = (n: number) => (n === 1 ? 'One other session was signed out.' : `${n} other sessions were signed out.`);
export const SESSIONS_LOAD_FAILED = 'Failed to load your sessions.';
export const NO_OTHER_SESSIONS = 'You are signed in only here. Sign in on another device and it will show up in this list.';
