/** Next time (UTC, whole minutes) after `from` matching a five-field cron expression. */
export function nextCronRun(expression: string, from: Date): Date {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron expression needs five fields: ${expression}`);
  const [minute, hour, day, month, weekday] = [
    parseField(fields[0], 0, 59), parseField(fields[1], 0, 23), parseField(fields[2], 1, 31),
    parseField(fields[3], 1, 12), parseField(fields[4], 0, 6, true),
  ];
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  // A year of minutes bounds the search; every valid expression matches within it.
  for (let i = 0; i < 366 * 24 * 60; i++) {
    if (month.has(t.getUTCMonth() + 1) && day.has(t.getUTCDate()) && weekday.has(t.getUTCDay())
      && hour.has(t.getUTCHours()) && minute.has(t.getUTCMinutes())) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  throw new Error(`Cron expression never matches: ${expression}`);
}

function parseField(field: string, min: number, max: number, isWeekday = false): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let [lo, hi] = range === '*' ? [min, max] : range.split('-').map(Number) as [number, number?];
    if (hi === undefined) hi = stepText ? max : lo;
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || !Number.isInteger(step) || step < 1 || lo < min || hi > (isWeekday ? 7 : max) || lo > hi) {
      throw new Error(`Invalid cron field: ${field}`);
    }
    for (let v = lo; v <= hi; v += step) values.add(isWeekday && v === 7 ? 0 : v);
  }
  return values;
}
