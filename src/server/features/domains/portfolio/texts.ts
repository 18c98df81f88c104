/** The sentences operators read beside a difference the sync could not put right itself. */

export const notListedAction = (registrar: string) =>
  `${registrar} does not list this domain in our account: check whether it was transferred away, expired or is held in another account.`;

/** Namecheap's API has no auto-renew switch (decisions.md): only its dashboard turns it off. */
export const NAMECHEAP_AUTO_RENEW_ACTION = 'Namecheap cannot turn auto-renew off through its API: turn it off in the Namecheap dashboard '
  + '(Domain List → the domain → Auto-Renew), or Namecheap may renew this domain on top of our own renewal.';

export const autoRenewNotTurnedOff = (registrar: string, reason: string) =>
  `The sync could not turn ${registrar}'s auto-renew off (${reason}): turn it off at ${registrar}, or it may renew this domain on top of our own renewal.`;
