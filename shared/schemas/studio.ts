/**
 * The partner studio's wire shapes: a metadata document written by a partner (a token's or a
 * collection's, OpenSea-style keys as server/src/indexer/metadata.ts reads them) and what the
 * server answers for it and for an uploaded image. Images must be our own uploads, whose names
 * are content hashes: a document's hash then commits to its pictures too.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

/** An image uploaded to this server (/uploads/<sha256>.<ext>). */
export const UPLOAD_PATH_PATTERN = '^/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp)$';
export const UploadPath = Type.String({ pattern: UPLOAD_PATH_PATTERN });

/** Where a stored document is served: /api/v1/metadata/<sha256>.json. */
export const METADATA_FILE_PATTERN = '^[0-9a-f]{64}\\.json$';

const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });

export const MetadataAttribute = Type.Object(
  { trait_type: Text(100, 1), value: Text(500, 1) },
  { additionalProperties: false },
);

export const MetadataInspection = Type.Object(
  {
    inspector: Text(200, 1),
    result: Text(200, 1),
    summary: Text(2000),
    inspected_at: Type.String({ format: 'date' }),
    document_url: Nullable(Text(2000)),
  },
  { additionalProperties: false },
);

export const MetadataBody = Type.Object(
  {
    name: Text(200, 1),
    description: Text(4000),
    image: UploadPath,
    banner_image: Type.Optional(UploadPath),
    category: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,50}$' })),
    attributes: Type.Optional(Type.Array(MetadataAttribute, { maxItems: 50 })),
    inspection_reports: Type.Optional(Type.Array(MetadataInspection, { maxItems: 5 })),
  },
  { additionalProperties: false },
);
export type MetadataBody = Static<typeof MetadataBody>;

export const StoredMetadata = Type.Object({
  hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** The token or contract URI to put on chain (PUBLIC_URL + /api/v1/metadata/<hash>.json). */
  uri: Type.String(),
});
export type StoredMetadata = Static<typeof StoredMetadata>;

export const UploadedImage = Type.Object({ url: UploadPath });
export type UploadedImage = Static<typeof UploadedImage>;
