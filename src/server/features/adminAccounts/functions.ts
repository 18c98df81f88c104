/** The back office's Accounts handlers (issue 8). */
export const handlers = [];
