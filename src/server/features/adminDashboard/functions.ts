/** The back office's Dashboard handlers (issue 8). */
export const handlers = [];
