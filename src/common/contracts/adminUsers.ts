/** The back office's Users functions (issue 8); every one is a back_office contract, refused on the server to anyone but global super admins. */
export const contracts = {};
