/**
 * Query-string values as the repositories take them: 0/1 flags, status lists, LIKE patterns
 * (addresses go through toDbAddress of ../db/mappers.ts). A filter that is absent is not applied.
 */
import { NFT_STATUSES, type NftStatus } from '#shared/enums.ts';

/** A 0/1 query flag: undefined when absent. */
export function flag(value: number | boolean | undefined): boolean | undefined {
  return value === undefined ? undefined : Boolean(value);
}

/** A list asks for every status unless given (a comma list, duplicates ignored). */
export function parseStatuses(value: string | undefined): NftStatus[] {
  if (!value) return [...NFT_STATUSES];
  return [...new Set(value.split(','))] as NftStatus[];
}

/**
 * Whether a status list names all four statuses: then a list filters nothing by status (the
 * column holds no other value), and leaving the condition out lets the planner walk an index
 * that does not lead with status (a category's newest, say) instead of sorting the matches.
 */
export function isEveryStatus(statuses: readonly NftStatus[]): boolean {
  return NFT_STATUSES.every((s) => statuses.includes(s));
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
