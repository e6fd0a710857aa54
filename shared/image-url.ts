/**
 * Thumbnails of uploaded images (NFT art, collection banners, avatars). The server makes a WebP of
 * an upload at a few fixed widths (server/src/plugins/uploads.ts); screens ask for the width they
 * show, so a phone downloads and decodes a small raster image, never a large original or an SVG
 * drawn on its main thread. Other URLs (an NFT's external metadata image) are used as they are.
 *
 * Pure module: the server imports it too (the first screen's image preload must name the same URL).
 */
export const THUMB_WIDTHS = [240, 480, 960] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];

/** An upload's file name: a content hash and an image extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32,64}\.(?:png|jpg|gif|webp|svg)$/;
const UPLOAD_PREFIX = '/uploads/';

export function thumbnailUrl(src: string, width: ThumbWidth): string {
  if (!src.startsWith(UPLOAD_PREFIX)) return src;
  const name = src.slice(UPLOAD_PREFIX.length);
  return UPLOAD_NAME.test(name) ? `${UPLOAD_PREFIX}thumbs/${width}/${name}` : src;
}
