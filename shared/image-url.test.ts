import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './image-url.ts';

const HASH = 'a'.repeat(64);

describe('thumbnailUrl', () => {
  it('names the server thumbnail of an upload at the asked width', () => {
    expect(thumbnailUrl(`/uploads/${HASH}.png`, 480)).toBe(`/uploads/thumbs/480/${HASH}.png`);
    expect(thumbnailUrl('/uploads/03e8c95bce2aff4f201bd825d4fc0bcf.svg', 960)).toBe(
      '/uploads/thumbs/960/03e8c95bce2aff4f201bd825d4fc0bcf.svg',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(thumbnailUrl('https://example.com/a.png', 480)).toBe('https://example.com/a.png');
    expect(thumbnailUrl('/uploads/../secret.png', 480)).toBe('/uploads/../secret.png');
    expect(thumbnailUrl(`/uploads/${HASH}.exe`, 480)).toBe(`/uploads/${HASH}.exe`);
    expect(thumbnailUrl('/favicon.svg', 240)).toBe('/favicon.svg');
  });
});
