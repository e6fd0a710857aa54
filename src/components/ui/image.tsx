/**
 * Lazy image in a box whose aspect ratio is reserved up front, so nothing shifts when it loads.
 * `priority` for the first visible image (LCP): eager + high fetch priority.
 */
export function Img({
  src,
  alt,
  ratio = '1 / 1',
  priority = false,
  className,
  sizes,
}: {
  src: string | null | undefined;
  alt: string;
  ratio?: string;
  priority?: boolean;
  className?: string;
  sizes?: string;
}) {
  return (
    <div className={`img-box${className ? ` ${className}` : ''}`} style={{ aspectRatio: ratio }}>
      {src ? (
        <img
          src={src}
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
