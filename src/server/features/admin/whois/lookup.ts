import type { WhoisLookupResult } from '../../../../common/admin/whois/contract.ts';
import { WHOIS_UNAVAILABLE, WHOIS_UNSUPPORTED } from '../../../../common/admin/whois/texts.ts';
import { DomainLookupError } from '../../../integrations/whois/domainLookup.ts';
import type { FunctionContext } from '../../../rpc/context.ts';
import { failedPrecondition, invalidArgument, unavailable } from '../../../rpc/errors.ts';

/** A registry's JSON, indented so that an operator can read it; anything else as it came. */
function readable(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** One lookup at the registry; the registry's failures in our words, its details in the log. */
export async function lookUpDomain(domain: string, { services, log }: FunctionContext): Promise<WhoisLookupResult> {
  try {
    const { source, lookup, raw } = await services.domainLookup.inspect(domain);
    return {
      domain, source, registered: lookup !== null,
      registrar: lookup?.registrar ?? null,
      createdAt: lookup?.registeredAt ?? null,
      updatedAt: lookup?.updatedAt ?? null,
      expiresAt: lookup?.expiresAt ?? null,
      statuses: lookup?.status ?? [],
      nameservers: lookup?.nameservers ?? [],
      raw: readable(raw),
    };
  } catch (error) {
    if (!(error instanceof DomainLookupError)) throw error;
    log.warn({ domain, kind: error.kind, reason: error.message }, 'WHOIS lookup failed');
    if (error.kind === 'invalid') throw invalidArgument(error.message);
    if (error.kind === 'unsupported') throw failedPrecondition(WHOIS_UNSUPPORTED(domain.slice(domain.indexOf('.') + 1)));
    throw unavailable(WHOIS_UNAVAILABLE);
  }
}
