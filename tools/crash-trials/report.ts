import type { ScenarioResult } from './trialRunner.ts';

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The figures of a run as a Markdown table: one row per scenario and database. */
export function resultsTable(results: ScenarioResult[]): string {
  const lines = [
    '| scenario | database | trials | kills per moment | restart p50 / p95 (s) | recovered p50 / p95 (s) | violations | run time (s) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    const perPhase = new Map<string, number>();
    for (const trial of result.trials) {
      const key = trial.stage ? `${trial.phase} (${trial.stage})` : trial.phase;
      perPhase.set(key, (perPhase.get(key) ?? 0) + 1);
    }
    const restart = result.trials.map((t) => t.restartMs);
    const recovered = result.trials.map((t) => t.recoverMs);
    const violations = result.trials.reduce((sum, t) => sum + t.violations.length, 0);
    lines.push(`| ${result.scenario} | ${result.dialect} | ${result.trials.length} | ${[...perPhase].map(([phase, n]) => `${phase}: ${n}`).join('; ')} `
      + `| ${seconds(percentile(restart, 50))} / ${seconds(percentile(restart, 95))} | ${seconds(percentile(recovered, 50))} / ${seconds(percentile(recovered, 95))} `
      + `| ${violations} | ${seconds(result.elapsedMs)} |`);
  }
  return lines.join('\n');
}

/** Every violation with its trial, for the run's output. */
export function violationLines(results: ScenarioResult[]): string[] {
  return results.flatMap((result) => result.trials.flatMap((trial) => trial.violations.map((v) =>
    `${result.scenario} [${result.dialect}] trial ${trial.index + 1} (${trial.phase}): ${v}`)));
}
