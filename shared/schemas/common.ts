/**
 * Wire conventions shared by every route (and imported by the web app with `import type`):
 * - success body `{ data: T }`; lists `{ data: T[], total, page, size }`;
 * - errors `{ statusCode, code, message }` (codes: shared/errors.ts);
 * - money: decimal strings of wei; addresses: EIP-55 checksummed; dates: ISO 8601 strings.
 * Keep this folder free of server-only imports.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { NFT_STATUSES, SALE_TYPES } from '../enums.ts';
import { ADDRESS_PATTERN, UINT_PATTERN } from '../patterns.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../rules.ts';

export const Address = Type.String({
  pattern: ADDRESS_PATTERN,
  description: 'EIP-55 checksummed address',
});
export const Uint = Type.String({ pattern: UINT_PATTERN, description: 'uint256 (decimal)' });
export const Wei = Type.String({ pattern: UINT_PATTERN, description: 'amount in wei (decimal)' });
export const TxHash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });
export const IsoDate = Type.String({ format: 'date-time' });
export const NftStatus = Type.Enum(NFT_STATUSES);
export const SaleType = Type.Union([Type.Enum(SALE_TYPES), Type.Null()]);

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** `{ data: T }` */
export function Data<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}

/** `{ data: T[], total, page, size }` */
export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
  });
}

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String({ description: 'stable machine code, e.g. ACCOUNT_NOT_FOUND' }),
    message: Type.String({ description: 'English catalogue text' }),
    field: Type.Optional(Type.String({ description: 'the request field at fault, if one' })),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const OkBody = Data(Type.Boolean());

/** page (default 1) and size (DEFAULT_PAGE_SIZE, at most MAX_PAGE_SIZE). */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  ),
});

/** Error answers every route may give (attach with `...errorResponses`). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  502: ErrorBody,
} as const;

export type Paged<T> = { data: T[]; total: number; page: number; size: number };
