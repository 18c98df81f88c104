import type { RegistrarErrorKind } from '../registrar.ts';

/**
 * Namecheap error numbers (reference §1) and what they mean to a caller:
 *
 * | kind               | numbers                                                                 |
 * |--------------------|-------------------------------------------------------------------------|
 * | auth               | 1010101 1010102 1011102 1010105 1011105 1011150 1017150 1017105 1017101 |
 * |                    | 1017410 1017411 1019103 1016103 1017103 1030408 1050900                 |
 * | not_found          | 2019166 2016166 3016166 4019337 4011103                                 |
 * | not_available      | 3019166 4019166                                                         |
 * | invalid            | 1010104 2011169 2015182 2011280 2015167 2030280 2011168 2011322 2010323 |
 * |                    | 2011170 2015267 2033407 2033270 2030166                                 |
 * | unavailable        | 3031900 3050900 3031510 (the registry or provider did not answer);     |
 * | (outcome unknown)  | 5050900 "Unknown exceptions", 3028166 and 3031166 (an error from the   |
 * |                    | upstream registrar or registry), 4023166 (error during renewal),       |
 * |                    | 2528166 (order creation failed): each may come after the order was     |
 * |                    | placed, so the state is read back before anything else is tried       |
 * | failed             | everything else (2033409, unknown numbers, …)                          |
 *
 * The text decides before the number in two cases the numbers do not cover: a "busy / too many
 * requests / try again" answer is 'unavailable' whatever its number, and Namecheap reports an empty
 * balance under the generic order-failure numbers, so "insufficient funds" in the text wins too.
 * Codes may come as numbers or strings, with stray spaces; both are normalised first.
 */
const byNumber: Record<string, RegistrarErrorKind> = {};
const table: [RegistrarErrorKind, string][] = [
  ['auth', '1010101 1010102 1011102 1010105 1011105 1011150 1017150 1017105 1017101 1017410 1017411 1019103 1016103 1017103 1030408 1050900'],
  ['not_found', '2019166 2016166 3016166 4019337 4011103'],
  ['not_available', '3019166 4019166'],
  ['invalid', '1010104 2011169 2015182 2011280 2015167 2030280 2011168 2011322 2010323 2011170 2015267 2033407 2033270 2030166'],
  ['unavailable', '3031900 3050900 3031510 5050900 3028166 3031166 4023166 2528166'],
];
for (const [kind, numbers] of table) for (const number of numbers.split(' ')) byNumber[number] = kind;

const transient = /\bbusy\b|try again|too many requests|rate limit|temporar|maintenance|timed? ?out/i;
const funds = /insufficient (funds|balance)|not enough (funds|money|balance)|balance is (too )?low/i;
const notAvailable = /not available|already registered|is taken|unavailable for registration/i;
const notFound = /domain not found|not associated with your account|does not belong to/i;

export function namecheapErrorKind(number: string | null, message: string): RegistrarErrorKind {
  if (transient.test(message)) return 'unavailable';
  if (funds.test(message)) return 'insufficient_funds';
  const known = byNumber[(number ?? '').trim()];
  if (known) return known;
  if (notAvailable.test(message)) return 'not_available';
  if (notFound.test(message)) return 'not_found';
  return 'failed';
}
