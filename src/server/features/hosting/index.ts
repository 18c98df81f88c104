/** The hosting area's public face: what other areas (billing, the lifecycle, the back office) may use. */
export { findServer, panelOfServer, sealServerCredentials, connectionOf, type ServerRow } from './servers/connection.ts';
export { listMappings } from './products/service.ts';
