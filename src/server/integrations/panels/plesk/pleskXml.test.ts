import { describe, expect, it } from 'vitest';
import { buildPacket, children, namedValues, parsePacket, textAt } from './pleskXml.ts';

describe('Plesk XML packets', () => {
  it('writes elements in the order given and escapes text, so a contact name cannot break the packet', () => {
    const body = buildPacket({ customer: { add: { gen_info: { pname: 'Smith & Sons <Ltd> "quoted"', login: 'smith001', email: 'a@example.org' } } } });
    expect(body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><packet version="1\.6\.9\.1"><customer><add><gen_info><pname>/);
    expect(body).not.toContain('<Ltd>');
    const info = parsePacket(body)!.children[0]!.children[0]!.children[0]!;
    expect(info.children.map((c) => c.name)).toEqual(['pname', 'login', 'email']);
    expect(textAt(info, 'pname')).toBe('Smith & Sons <Ltd> "quoted"');
  });

  it('writes an empty element for \'\' and repeats an element for an array', () => {
    const body = buildPacket({ webspace: { get: { filter: '', dataset: { gen_info: '' } } } });
    expect(body).toContain('<webspace><get><filter/><dataset><gen_info/></dataset></get></webspace>');
    const packet = parsePacket(buildPacket({ hosting: { property: [{ name: 'ftp_login', value: 'a' }, { name: 'ftp_password', value: 'b' }] } }))!;
    expect(namedValues(packet.children[0], 'property')).toEqual({ ftp_login: 'a', ftp_password: 'b' });
  });

  it('reads only a packet: an HTML page, garbage or another root is not one', () => {
    expect(parsePacket('<html><body>502 Bad Gateway</body></html>')).toBeNull();
    expect(parsePacket('garbage')).toBeNull();
    expect(parsePacket('')).toBeNull();
    expect(parsePacket('<packet><customer><get>')).toBeNull();
    const packet = parsePacket('\uFEFF<?xml version="1.0"?>\n<packet version="1.6.9.1"><a><result><status>ok</status></result><result><status>error</status></result></a></packet>');
    expect(children(packet!.children[0], 'result').map((r) => textAt(r, 'status'))).toEqual(['ok', 'error']);
  });
});
