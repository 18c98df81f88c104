import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for tests: an ES256 key pair, and the attestation ("none") and
 * assertion objects a browser would pass on, built byte by byte per WebAuthn level 3 (§6.1
 * authenticator data, §6.5 attestation object, §5.8.1 client data).
 */
export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Flags { userPresent?: boolean; userVerified?: boolean }

function flagsByte({ userPresent = true, userVerified = true }: Flags, attested: boolean): number {
  return (userPresent ? 0x01 : 0) | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

/** What the browser hands back from navigator.credentials.create(), as @simplewebauthn/browser serialises it. */
export function register(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  { origin, rpId = options.rp.id!, flags = {} }: { origin: string; rpId?: string; flags?: Flags },
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId), Buffer.from([flagsByte(flags, true)]), counterBytes(0),
    Buffer.alloc(16), idLength, credentialId, Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attStmt = new Map<string, string>();
  const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([
    ['fmt', 'none'], ['attStmt', attStmt], ['authData', authData],
  ]));
  const passkey: SoftPasskey = { credentialId, privateKey, userHandle: options.user.id, counter: 0 };
  const response = {
    id: b64url(credentialId), rawId: b64url(credentialId), type: 'public-key' as const, clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

/** What navigator.credentials.get() hands back; each assertion moves the counter on, as a real authenticator does. */
export function assert(
  passkey: SoftPasskey,
  options: { challenge: string; rpId?: string },
  { origin, rpId = options.rpId!, flags = {}, counter }: { origin: string; rpId?: string; flags?: Flags; counter?: number },
) {
  passkey.counter = counter ?? passkey.counter + 1;
  const authData = Buffer.concat([sha256(rpId), Buffer.from([flagsByte(flags, false)]), counterBytes(passkey.counter)]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId), rawId: b64url(passkey.credentialId), type: 'public-key' as const, clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle,
    },
  };
}
