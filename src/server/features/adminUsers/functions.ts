/** The back office's Users handlers (issue 8). */
export const handlers = [];
