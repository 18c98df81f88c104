import { z } from 'zod';
import { passkeyName } from '../../../common/profile/passkeys.ts';
import { PASSKEY_RESPONSE_INVALID } from '../../../common/profile/passkeyTexts.ts';

/**
 * The shapes of the browser's WebAuthn answers (RegistrationResponseJSON and
 * AuthenticationResponseJSON), bounded so that nothing oversized reaches the verifier. Unknown keys
 * are dropped; @simplewebauthn/server checks the content.
 */
const b64url = (max: number) => z.string({ error: PASSKEY_RESPONSE_INVALID }).regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_RESPONSE_INVALID)
  .min(1, PASSKEY_RESPONSE_INVALID).max(max, PASSKEY_RESPONSE_INVALID);
const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const common = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: PASSKEY_RESPONSE_INVALID }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    transports: z.array(transport).max(10).optional(),
  }, { error: PASSKEY_RESPONSE_INVALID }),
}, { error: PASSKEY_RESPONSE_INVALID });

export const authenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(512).optional(),
  }, { error: PASSKEY_RESPONSE_INVALID }),
}, { error: PASSKEY_RESPONSE_INVALID });

const fields = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: 'The request body must be a JSON object with the expected fields.' });

/** The request bodies of the passkey endpoints (plugin.ts), checked again by the HTTP bridge (authEndpoints.ts). */
export const passkeyBodies = {
  registrationOptions: fields({}),
  registrationVerify: fields({ name: passkeyName, response: registrationResponse }),
  signInOptions: fields({}),
  signInVerify: fields({ response: authenticationResponse }),
  secondFactorOptions: fields({}),
  secondFactorVerify: fields({ response: authenticationResponse }),
};
