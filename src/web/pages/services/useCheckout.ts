import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_TIMEOUT_MS } from '../../../common/billing/billing.ts';
import type { HostingOrderInput } from '../../../common/hosting/orderFields.ts';
import { callFunction } from '../../api/client.ts';
import { CHECKOUT_TEXTS, checkoutFailedText } from '../../api/errorTexts.ts';
import { useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';

const TIMED_OUT = Symbol('timed out');

/**
 * Start Now: checks the spec's preconditions, asks the server for a hosted checkout of the
 * price for the active account, and sends the browser there. The price stays busy until the
 * page is left; an error or the spec's 60 s time-out ends it with the spec's text.
 */
export function useCheckout() {
  const { user, activeAccountId, config } = useSession();
  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const feedback = useFeedback();
  // Each start gets a number; an answer for an older start (or after leaving the page) is dropped.
  const attempt = useRef(0);

  useEffect(() => {
    // Back from the provider's page through the browser's cache: the page is as it was left, busy.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusyPriceId(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      attempt.current += 1;
    };
  }, []);

  /** `hosting`: the order-time fields of a plan that provisions hosting (its primary domain). */
  const start = async (priceId: string, hosting?: HostingOrderInput) => {
    feedback.clear();
    if (!user) return feedback.error(CHECKOUT_TEXTS.logIn);
    if (!activeAccountId) return feedback.error(CHECKOUT_TEXTS.noAccount);
    if (!config) return feedback.error(CHECKOUT_TEXTS.notReady);
    if (!priceId) return feedback.error(CHECKOUT_TEXTS.priceMissing);

    const mine = ++attempt.current;
    setBusyPriceId(priceId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), CHECKOUT_TIMEOUT_MS);
    });
    const fail = (text: string) => {
      setBusyPriceId(null);
      feedback.error(text);
    };
    try {
      const session = await Promise.race([callFunction('createStripeCheckoutSession', { priceId, accountId: activeAccountId, ...(hosting ? { hosting } : {}) }), timedOut]);
      if (mine !== attempt.current) return undefined;
      if (session === TIMED_OUT) return fail(CHECKOUT_TEXTS.timedOut);
      if (!session.url) return fail(CHECKOUT_TEXTS.noSession);
      window.location.assign(session.url);
    } catch (error) {
      if (mine === attempt.current) fail(checkoutFailedText(error));
    } finally {
      clearTimeout(timer);
    }
    return undefined;
  };

  return { busyPriceId, feedback, start };
}
