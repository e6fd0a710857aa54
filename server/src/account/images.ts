/**
 * Uploaded images (avatar, banner): the type is decided by magic bytes (never the client's
 * content type), the size by MAX_IMAGE_BYTES; stored under DATA_DIR/uploads with a content hash
 * name, so the URL can be cached forever (see plugins/uploads.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_IMAGE_BYTES } from '../config.ts';
import { AppError } from '../errors.ts';

const UPLOADS_URL_PREFIX = '/uploads/';

function imageExtension(bytes: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1')))
    return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Checks and stores an image; returns its public URL path (/uploads/<sha256>.<ext>). */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const ext = imageExtension(bytes);
  if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  const dir = path.join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  // The name is the content's hash: a file already there holds these bytes, and writing over it
  // would truncate it first (a full disk would then leave it damaged).
  if (
    await access(target).then(
      () => true,
      () => false,
    )
  )
    return `${UPLOADS_URL_PREFIX}${name}`;
  // A temporary name, then a rename: a failed write (disk full) leaves no partial image behind.
  const temp = `${target}.${randomUUID()}.part`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return `${UPLOADS_URL_PREFIX}${name}`;
}
