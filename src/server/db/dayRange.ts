/** A calendar day (YYYY-MM-DD, UTC) as the instants that bound it, in the form the portal stores times. */
export const startOfDay = (day: string) => `${day}T00:00:00.000Z`;

export const startOfNextDay = (day: string) => new Date(Date.parse(startOfDay(day)) + 86_400_000).toISOString();
