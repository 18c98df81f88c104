import type { XmlElement } from '../../../src/server/integrations/panels/plesk/pleskXml.ts';

/**
 * The parts of Plesk's XML API schema (agent_input.xsd) the fake checks: each element's children
 * in sequence order. Plesk validates every packet before running it and refuses a child out of
 * order or unknown with a system-level 1014, so the fake does too (an adapter that writes
 * `plan-name` before `hosting` must fail here as it would on a real server).
 */
const sequences: Record<string, string[]> = {
  'customer/add': ['gen_info'],
  'customer/add/gen_info': ['cname', 'pname', 'login', 'passwd', 'status', 'phone', 'fax', 'email', 'address', 'city', 'state', 'pcode',
    'country', 'owner-id', 'owner-login', 'external-id', 'description', 'password-type'],
  'customer/get': ['filter', 'dataset'],
  'customer/get/dataset': ['gen_info', 'stat'],
  'customer/set': ['filter', 'values'],
  'customer/set/values': ['gen_info'],
  'customer/set/values/gen_info': ['cname', 'pname', 'login', 'passwd', 'status', 'phone', 'fax', 'email', 'address', 'city', 'state',
    'pcode', 'country', 'external-id', 'description'],
  'customer/del': ['filter'],
  'webspace/add': ['gen_setup', 'hosting', 'prefs', 'mail', 'limits', 'log-rotation', 'performance', 'permissions', 'php-settings',
    'plan-id', 'plan-name', 'plan-guid', 'plan-external-id'],
  'webspace/add/gen_setup': ['name', 'owner-id', 'owner-login', 'owner-guid', 'owner-external-id', 'htype', 'ip_address', 'status', 'external-id'],
  'webspace/add/hosting': ['vrt_hst'],
  'webspace/add/hosting/vrt_hst': ['property', 'ip_address'],
  'webspace/get': ['filter', 'dataset'],
  'webspace/get/dataset': ['gen_info', 'hosting', 'limits', 'stat', 'prefs', 'disk_usage', 'performance', 'subscriptions', 'permissions',
    'plan-items', 'php-settings', 'resource-usage', 'mail', 'aps-filter', 'packages'],
  'webspace/set': ['filter', 'values'],
  'webspace/set/values': ['gen_setup', 'hosting', 'prefs', 'limits', 'performance', 'permissions'],
  'webspace/set/values/gen_setup': ['name', 'owner-id', 'owner-login', 'htype', 'status', 'external-id'],
  'webspace/del': ['filter'],
  'webspace/switch-subscription': ['filter', 'plan-guid', 'plan-external-id', 'no-plan'],
  'service-plan/get': ['filter', 'owner-id', 'owner-login', 'owner-all'],
  'ip/get': [],
  'server/get': ['key', 'gen_info', 'components', 'stat', 'admin', 'interfaces', 'services_state', 'prefs', 'shells', 'session_setup'],
  'server/get_protos': [],
  'server/create_session': ['login', 'data'],
  'server/create_session/data': ['user_ip', 'source_server', 'starting_url', 'success_redirect_url'],
  'ftp-user/get': ['filter'],
};

/** A filter holds one choice of these (empty = every object). */
const filters: Record<string, string[]> = {
  customer: ['id', 'login', 'guid', 'external-id'],
  webspace: ['id', 'name', 'owner-id', 'owner-login', 'guid', 'external-id'],
  'service-plan': ['id', 'name', 'guid', 'external-id'],
  'ftp-user': ['id', 'name', 'webspace-id', 'webspace-name'],
};

/** The schema's complaint about the packet's operations, or null when they are valid. */
export function schemaViolation(packet: XmlElement): string | null {
  for (const object of packet.children) {
    for (const operation of object.children) {
      const path = `${object.name}/${operation.name}`;
      if (!sequences[path]) return `Element '${operation.name}': This element is not expected.`;
      const problem = checkSequence(operation, path, object.name);
      if (problem) return problem;
    }
  }
  return null;
}

function checkSequence(element: XmlElement, path: string, object: string): string | null {
  if (element.name === 'filter') {
    const allowed = filters[object] ?? [];
    const wrong = element.children.find((child) => !allowed.includes(child.name));
    return wrong ? `Element '${wrong.name}': This element is not expected in a ${object} filter.` : null;
  }
  const sequence = sequences[path];
  if (!sequence) return null;
  let last = -1;
  for (const child of element.children) {
    const at = sequence.indexOf(child.name);
    const expected = sequence.slice(Math.max(last, 0)).filter((name) => name !== sequence[last]).slice(0, 3).join(', ');
    if (at < 0 || at < last) return `Element '${child.name}': This element is not expected. Expected is one of ( ${expected} ).`;
    last = at;
    const problem = checkSequence(child, `${path}/${child.name}`, object);
    if (problem) return problem;
  }
  return null;
}
