import type { ColumnType } from 'kysely';

/** Column kinds shared by every area's tables: how each dialect hands values back. */

/** An ISO-8601 UTC instant with milliseconds, as the clock writes it and both dialects read it (db/connection.ts). */
export type Timestamp = ColumnType<string, string, string>;

export type Bool = ColumnType<boolean, boolean, boolean>;

/** A timestamp with a database default: optional on insert. */
export type DefaultedTimestamp = ColumnType<string, string | undefined, string>;

export type DefaultedBool = ColumnType<boolean, boolean | undefined, boolean>;

/** Unix seconds; PostgreSQL's bigint comes back as a string. */
export type Epoch = ColumnType<number | string, number, number>;

export type Count = ColumnType<number, number | undefined, number>;

/** A bigint sum; PostgreSQL gives it back as a string. */
export type Sum = ColumnType<number | string, number | undefined, number>;
