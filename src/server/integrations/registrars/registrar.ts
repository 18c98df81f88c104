/**
 * The registrar layer: one interface for every domain supplier (namecheap, dynadot, enom,
 * cloudflare, and the built-in sandbox). Adapters speak their registrar's real wire format (see
 * /work/shared/reference/registrars.md) and answer in these shapes; business errors hidden in
 * HTTP 200 answers become a RegistrarError. Domain names are lower-case ASCII (punycode for IDNs),
 * without a trailing dot; TLDs without a leading dot ('com', 'co.uk').
 */

export type RegistrarId = 'sandbox' | 'namecheap' | 'dynadot' | 'enom' | 'cloudflare';

/** One contact of a domain, in the fields every registrar can carry. */
export interface DomainContact {
  firstName: string;
  lastName: string;
  organization: string | null;
  email: string;
  /** '+1.5555550100' (the dotted form all three registrars take). */
  phone: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

export interface DomainContacts {
  registrant: DomainContact;
  admin: DomainContact;
  tech: DomainContact;
  billing: DomainContact;
}

export interface AvailabilityResult {
  domain: string;
  available: boolean;
  premium: boolean;
  /** A premium name's registration price from the registrar (cents, USD); null for standard names. */
  premiumPriceCents: number | null;
  /** Set when this one name could not be checked (the others still answer). */
  error: string | null;
}

/** Total cents, fees included, per number of years (1..10) the supplier publishes a price for. */
export type YearCosts = Partial<Record<number, number>>;

/** What a TLD costs at the supplier, per year, in cents; null where the operation is not offered. */
export interface TldCost {
  tld: string;
  /** The one-year cost, fees (Namecheap's ICANN fee) included. */
  registerCents: number | null;
  renewCents: number | null;
  transferCents: number | null;
  currency: string;
  /**
   * Multi-year costs as the supplier publishes them (Namecheap's Duration rows, Enom's 1/2/5/10
   * brackets): the total for that many years. Absent: years after the first cost the renew price.
   */
  years?: { register?: YearCosts; renew?: YearCosts };
}

export interface RegisterRequest {
  domain: string;
  years: number;
  contacts: DomainContacts;
  /** Empty: the registrar's default nameservers. */
  nameservers: string[];
  privacy: boolean;
  autoRenew: boolean;
  /**
   * Ours, stable across retries of one order's attempt; sent where the API takes one. Adapters
   * whose API has none rely on the caller asking `getInfo` before a retry.
   */
  idempotencyKey: string;
}

export interface RegisterResult {
  domain: string;
  /** ISO instant. */
  expiresAt: string;
  /** The registrar's order or transaction id, when it gives one. */
  registrarOrderId: string | null;
  chargedCents: number | null;
  /**
   * Settings asked after the name was bought (nameservers, privacy, the registrar's own renew
   * option) that the registrar refused: the registration stands, these did not happen.
   */
  followUpErrors?: string[];
  /** False when the adapter did not set up privacy although it was asked (Enom: ID Protect is not sold); absent: as asked. */
  privacy?: boolean;
}

export interface RenewResult {
  domain: string;
  expiresAt: string;
  registrarOrderId: string | null;
  /** What the registrar said it charged, where it says (Namecheap's ChargedAmount). */
  chargedCents?: number | null;
}

export type RegistrarDomainStatus = 'active' | 'pending' | 'expired' | 'suspended';

export interface DomainInfo {
  domain: string;
  status: RegistrarDomainStatus;
  /** ISO instants; null when the registrar does not say. */
  registeredAt: string | null;
  expiresAt: string | null;
  nameservers: string[];
  /** null when the registrar answered without contacts (some need a second call, done by the adapter). */
  contacts: DomainContacts | null;
  autoRenew: boolean | null;
  locked: boolean | null;
  privacy: boolean | null;
}

export interface OwnedDomain {
  domain: string;
  expiresAt: string | null;
  autoRenew: boolean | null;
  /** What the registrar's bulk list also carries; left out where it does not (getInfo tells). */
  status?: RegistrarDomainStatus;
  locked?: boolean | null;
  nameservers?: string[];
  /** The list says only whether the registrar's own DNS is used (Namecheap's IsOurDNS), not which hosts. */
  registrarDns?: boolean;
}

/** One page of the account's domains (the portfolio sync paces its pages itself). */
export interface OwnedDomainPage {
  domains: OwnedDomain[];
  /** The next page's number, or null after the last. */
  nextPage: number | null;
}

export interface CallOptions {
  /** Aborts the call (a search's per-supplier time-out, a job's time-out). */
  signal?: AbortSignal;
}

/**
 * Every registrar outcome is done (the call answers), refused (a RegistrarError of a refusing
 * kind) or unknown ('unavailable' and 'pending'): docs/decisions.md, "The registrar outcome
 * model". An unknown outcome is never read as a refusal: whoever called reads the state back
 * (getInfo) before repeating the call, failing over, refunding or charging again.
 */
export type RegistrarErrorKind =
  /**
   * Outcome unknown: the registrar may have acted. No answer, a time-out or a connection dropped
   * after sending, HTTP 5xx or a 4xx other than 401/403, a body that is not the API's, an error
   * number that does not say what happened, or a call that went through but whose follow-up read
   * failed. Also "busy / try again": reading the state back costs one call, guessing wrong a name.
   */
  | 'unavailable'
  /** Outcome unknown, but the registrar said it accepted the order and will finish it later (Enom RRPCode 1300, a Namecheap non-real-time TLD). */
  | 'pending'
  /** Refused: credentials, IP whitelist or account. */
  | 'auth'
  /** Refused: the domain is not in this account, or does not exist. */
  | 'not_found'
  /** Refused: the name is taken. */
  | 'not_available'
  /** Refused: the account cannot pay for it. */
  | 'insufficient_funds'
  /** Refused: the request was wrong (a bad contact, a nameserver not registered, an unsupported TLD). */
  | 'invalid'
  /** Refused: the registrar's API does not offer this operation. */
  | 'unsupported'
  /** Any other refusal; the message says what the registrar said (never a credential). */
  | 'failed';

/** Whether a failed call may still have been carried out by the registrar (read the state back before anything else). */
export const outcomeUnknown = (kind: RegistrarErrorKind): boolean => kind === 'unavailable' || kind === 'pending';

export class RegistrarError extends Error {
  constructor(
    readonly kind: RegistrarErrorKind,
    message: string,
    readonly details: { registrar: RegistrarId; code?: string; command?: string },
  ) {
    super(message);
    this.name = 'RegistrarError';
  }
}

export interface ConnectionTest {
  ok: boolean;
  /** What the test did, step by step, for the operator (never a credential). */
  log: string[];
}

export interface Registrar {
  readonly id: RegistrarId;
  /** Shown to operators: 'Namecheap', 'Dynadot', 'Enom', 'Sandbox'. */
  readonly name: string;

  /** Many names at once where the API allows (the adapter batches to its limit); one result per name, in the order asked. */
  checkAvailability(domains: string[], options?: CallOptions): Promise<AvailabilityResult[]>;
  listTldCosts(options?: CallOptions): Promise<TldCost[]>;
  register(request: RegisterRequest, options?: CallOptions): Promise<RegisterResult>;
  renew(domain: string, years: number, idempotencyKey: string, options?: CallOptions): Promise<RenewResult>;
  getInfo(domain: string, options?: CallOptions): Promise<DomainInfo>;
  setNameservers(domain: string, nameservers: string[], options?: CallOptions): Promise<void>;
  setContacts(domain: string, contacts: DomainContacts, options?: CallOptions): Promise<void>;
  setAutoRenew(domain: string, enabled: boolean, options?: CallOptions): Promise<void>;
  setLock(domain: string, locked: boolean, options?: CallOptions): Promise<void>;
  getTransferCode(domain: string, options?: CallOptions): Promise<string>;
  setPrivacy(domain: string, enabled: boolean, options?: CallOptions): Promise<void>;
  /** Every domain of the account (the adapter pages through). */
  listDomains(options?: CallOptions): Promise<OwnedDomain[]>;
  /**
   * One page of the account's bulk list, pages numbered from 1 (one HTTP call). Registrars
   * without one (the sandbox) are read whole with listDomains.
   */
  listDomainPage?(page: number, options?: CallOptions): Promise<OwnedDomainPage>;
  /** The domain its own DNS hosts are under ('registrar-servers.com'), where a bulk list says only registrarDns. */
  readonly ownDnsSuffix?: string;
  /**
   * The registrar renews its names only by its own auto-renew, with no renew call (Cloudflare):
   * switching that off would let the name expire, so the portal never does.
   */
  readonly renewsOnlyByAutoRenew?: boolean;
  /** HTTP calls one getInfo makes (it may ask several commands at once): the portfolio sync's rate budget. */
  readonly getInfoCalls?: number;
  testConnection(options?: CallOptions): Promise<ConnectionTest>;
}

/** `sld` and `tld` of a name: 'shop.example.co.uk' is not ours to split; registrable names are one label plus the TLD. */
export function splitDomain(domain: string, registrar: RegistrarId): { sld: string; tld: string } {
  const dot = domain.indexOf('.');
  if (dot <= 0 || dot === domain.length - 1) throw new RegistrarError('invalid', `Not a domain name: ${domain}`, { registrar });
  return { sld: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}
