import type { ColumnType } from 'kysely';

/** Column kinds shared by every area's tables: how each dialect hands values back. */

/** Timestamps go in as ISO strings; PostgreSQL gives Date back, SQLite the string. Use `toIso`. */
export type Timestamp = ColumnType<Date | string, string, string>;

export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

/** A timestamp with a database default: optional on insert. */
export type DefaultedTimestamp = ColumnType<Date | string, string | undefined, string>;

export type DefaultedBool = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** Unix seconds; PostgreSQL's bigint comes back as a string. */
export type Epoch = ColumnType<number | string, number, number>;

export type Count = ColumnType<number, number | undefined, number>;

/** A bigint sum; PostgreSQL gives it back as a string. */
export type Sum = ColumnType<number | string, number | undefined, number>;
