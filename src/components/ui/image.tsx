import { type ThumbWidth, thumbnailUrl } from '#shared/image-url.ts';

/**
 * Lazy image in a box whose aspect ratio is reserved up front, so nothing shifts when it loads.
 * `priority` for the first visible image (LCP): eager + high fetch priority. `width`: the
 * thumbnail width asked of the server for an upload (shared/image-url.ts): 480 suits a card at
 * 2x, 960 a full-width banner, 240 an avatar.
 */
export function Img({
  src,
  alt,
  ratio = '1 / 1',
  priority = false,
  className,
  sizes,
  width = 480,
}: {
  src: string | null | undefined;
  alt: string;
  ratio?: string;
  priority?: boolean;
  className?: string;
  sizes?: string;
  width?: ThumbWidth;
}) {
  return (
    <div className={`img-box${className ? ` ${className}` : ''}`} style={{ aspectRatio: ratio }}>
      {src ? (
        <img
          src={thumbnailUrl(src, width)}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          sizes={sizes}
        />
      ) : (
        <div className="img-box__empty" role="img" aria-label={alt} />
      )}
    </div>
  );
}
