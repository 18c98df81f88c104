/** Next time (UTC, whole minutes) after `from` matching a five-field cron expression. */
export function nextCronRun(expression: string, from: Date): Date {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron expression needs five fields: ${expression}`);
  const [minute, hour, day, month, weekday] = [
    parseField(fields[0], 0, 59), parseField(fields[1], 0, 23), parseField(fields[2], 1, 31),
    parseField(fields[3], 1, 12), parseField(fields[4], 0, 6, true),
  ];
  // As in cron(8): when both day fields are restricted, a day matching either one runs.
  const dayRestricted = !fields[2].startsWith('*');
  const weekdayRestricted = !fields[4].startsWith('*');
  const dayMatches = (t: Date) => {
    const byDate = day.has(t.getUTCDate());
    const byWeekday = weekday.has(t.getUTCDay());
    return dayRestricted && weekdayRestricted ? byDate || byWeekday : byDate && byWeekday;
  };
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  // Skips whole days and hours that cannot match; eight years covers every 29 February.
  const limit = from.getTime() + 8 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    if (!month.has(t.getUTCMonth() + 1) || !dayMatches(t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!hour.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!minute.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1);
    } else {
      return t;
    }
  }
  throw new Error(`Cron expression never matches: ${expression}`);
}

function parseField(field: string, min: number, max: number, isWeekday = false): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    if (!/^(\*|\d+(-\d+)?)(\/\d+)?$/.test(part)) throw new Error(`Invalid cron field: ${field}`);
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
