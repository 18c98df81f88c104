import { parseArgs } from 'node:util';
import { resultsTable, violationLines } from './report.ts';
import { paymentConfirmationScenario } from './scenarios/paymentConfirmation.ts';
import { provisioningScenario } from './scenarios/provisioning.ts';
import { registrationScenario } from './scenarios/registration.ts';
import { webhookBurstScenario } from './scenarios/webhookBurst.ts';
import { whmcsImportScenario } from './scenarios/whmcsImport.ts';
import { DEFAULT_SERVER_COMMAND } from './serverProcess.ts';
import type { TrialDialect } from './trialDatabase.ts';
import { runScenario, type Scenario, type ScenarioResult } from './trialRunner.ts';

/**
 * Crash trials (issue 20, docs/reliability.md): SIGKILLs the portal at chosen moments of each
 * scenario, restarts it on the same database and checks that nothing was lost or done twice.
 *
 *   npm run crash-trials -- [--count 100] [--scenario registration,...] [--database postgres,sqlite]
 *                           [--server-command "node dist/server/main.js"]
 *
 * Exits 1 when a trial found a violation.
 */
const scenarios: Record<string, () => Scenario> = {
  registration: registrationScenario,
  payment: paymentConfirmationScenario,
  webhooks: webhookBurstScenario,
  'whmcs-import': whmcsImportScenario,
  provisioning: provisioningScenario,
};

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    scenario: { type: 'string', default: Object.keys(scenarios).join(',') },
    database: { type: 'string', default: 'postgres' },
    'server-command': { type: 'string', default: process.env.CRASH_SERVER_COMMAND ?? DEFAULT_SERVER_COMMAND },
  },
});

const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number');
const chosen = values.scenario.split(',').map((name) => name.trim()).filter(Boolean);
for (const name of chosen) if (!scenarios[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(scenarios).join(', ')}`);
const databases = values.database.split(',').map((name) => name.trim()) as TrialDialect[];
for (const name of databases) if (name !== 'postgres' && name !== 'sqlite') throw new Error(`--database takes postgres and/or sqlite, not ${name}`);

// A run told to stop finishes the trial in progress, stops the portal, drops its database and prints what it has.
let stopRequested = false;
const requestStop = () => {
  stopRequested = true;
  console.log('Stopping after the trial in progress.');
};
process.once('SIGINT', requestStop);
process.once('SIGTERM', requestStop);

const results: ScenarioResult[] = [];
const started = Date.now();
for (const dialect of databases) {
  for (const name of chosen) {
    if (stopRequested) break;
    results.push(await runScenario(scenarios[name]!(), {
      count, dialect, serverCommand: values['server-command'], log: (line) => console.log(line), stopping: () => stopRequested,
    }));
  }
}

console.log(`\nCrash trials, ${new Date().toISOString().slice(0, 10)}: --count ${count}${stopRequested ? ' (stopped early)' : ''}, server command "${values['server-command']}", ${((Date.now() - started) / 1000).toFixed(0)} s in all\n`);
console.log(resultsTable(results));
const violations = violationLines(results);
if (violations.length > 0) {
  console.log(`\n${violations.length} violation(s):\n${violations.join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('\nNo violations.');
}
