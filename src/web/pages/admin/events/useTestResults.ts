import { useState } from 'react';
import { TEST_EVENT_TEMPLATES, TEST_RESULTS_MAX, type TestEventTemplate } from '../../../../common/admin/events/texts.ts';
import { callFunction } from '../../../api/client.ts';
import { errorDetail } from '../../../api/errorTexts.ts';

export interface TestResult {
  key: string;
  template: TestEventTemplate;
  at: string;
  outcome: { ok: true; eventId: string; flowsMatched: number } | { ok: false; error: string };
}

/** The sender's last results (spec: 10), newest first, kept in the page only. */
export function useTestResults() {
  const [results, setResults] = useState<TestResult[]>([]);
  const [busy, setBusy] = useState<TestEventTemplate | 'all' | null>(null);

  async function sendOne(template: TestEventTemplate): Promise<boolean> {
    const at = new Date().toISOString();
    let outcome: TestResult['outcome'];
    try {
      const sent = await callFunction('sendTestEvent', { template });
      outcome = { ok: true, eventId: sent.eventId, flowsMatched: sent.flowsMatched };
    } catch (error) {
      outcome = { ok: false, error: errorDetail(error) };
    }
    setResults((r) => [{ key: `${at}-${template}-${Math.random()}`, template, at, outcome }, ...r].slice(0, TEST_RESULTS_MAX));
    return outcome.ok;
  }

  return {
    results,
    busy,
    async send(template: TestEventTemplate) {
      setBusy(template);
      try {
        return await sendOne(template);
      } finally {
        setBusy(null);
      }
    },
    /** One after the other, so the results read in the templates' order; answers how many failed. */
    async sendAll() {
      setBusy('all');
      let failed = 0;
      try {
        for (const template of Object.keys(TEST_EVENT_TEMPLATES) as TestEventTemplate[]) {
          if (!await sendOne(template)) failed += 1;
        }
      } finally {
        setBusy(null);
      }
      return failed;
    },
    clear: () => setResults([]),
  };
}
