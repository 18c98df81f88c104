/** The sentences of /super-admin/servers, shared by the server's answers and the page. */
export const SERVER_NOT_FOUND = 'No such server.';
export const GROUP_NOT_FOUND = 'No such server group.';
export const SERVER_NAME_TAKEN = 'Another server already has this name.';
export const GROUP_NAME_TAKEN = 'Another server group already has this name.';
export const CREDENTIALS_REQUIRED = 'Enter the credentials for a new server.';
export const CREDENTIALS_KIND_MISMATCH = 'The credentials are not of this server\'s panel type.';
export const PANEL_CHANGE_NEEDS_CREDENTIALS = 'Changing the panel type needs that panel\'s credentials.';
export const HOST_INVALID = 'Host must be a host name or an IP address, without a scheme, port or path (for example panel.example.com).';
/** Services keep the server they were on, terminated ones too (their history): such a server is disabled, not deleted. */
export const serverInUse = (services: number) =>
  `This server is used by ${services} hosting service${services === 1 ? '' : 's'} (terminated ones included, kept for their history), so it cannot be deleted. Disable it instead: no new account is placed on a disabled server.`;
export const groupInUse = (servers: number, products: number) =>
  `This group is still used by ${servers} server${servers === 1 ? '' : 's'} and ${products} product${products === 1 ? '' : 's'}; move them to another group first.`;
export const CONNECTION_OK = 'Connection test passed.';
export const UNEXPECTED_TEST_FAILURE = 'Failed unexpectedly; the server log has the details.';
export const PLESK_CREDENTIALS = 'Plesk credentials are a secret key, or a login and a password.';
