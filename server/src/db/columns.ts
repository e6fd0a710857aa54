/** Column types shared by the table types (server/src/db/types.ts). */
import type { ColumnType } from 'kysely';

/** numeric(78,0): read as a decimal string, written as string or bigint. */
export type Wei = ColumnType<string, string | bigint, string | bigint>;
export type WeiNullable = ColumnType<string | null, string | bigint | null, string | bigint | null>;
/** int8: read as a decimal string. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type TimestampNullable = ColumnType<Date | null, Date | string | null, Date | string | null>;
export type Json<T = unknown> = ColumnType<T, string, string>;
