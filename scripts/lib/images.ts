/**
 * Local image generation for the demo catalogue (no network): deterministic SVG artwork from a
 * seed, one motif per category, written to `<dataDir>/uploads/<sha256>.svg` and linked as
 * `/uploads/<sha256>.svg` (the server serves that folder with immutable cache headers and CORS:
 * server/src/plugins/uploads.ts). The same seed always gives the same file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from './seeded-random.ts';

export type Motif =
  | 'skyline'
  | 'gem'
  | 'abstract'
  | 'equalizer'
  | 'ball'
  | 'car'
  | 'pixels'
  | 'ticket';

export interface ArtworkParameters {
  seed: string;
  motif: Motif;
  title: string;
  subtitle?: string;
  width?: number;
  height?: number;
}

/** Seeded from a string: the same seed, the same picture. */
function rng(seed: string): () => number {
  return seededRandom(createHash('sha256').update(seed).digest().readUInt32LE(0));
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function palette(r: () => number): string[] {
  const base = Math.floor(r() * 360);
  return [0, 35, 150, 200, 290].map(
    (shift, i) => `hsl(${(base + shift) % 360} ${55 + i * 7}% ${30 + ((i * 13) % 45)}%)`,
  );
}

/** What a motif draws with: the seeded random numbers, the size, a colour of the palette. */
type Canvas = { r: () => number; w: number; h: number; pick: () => string };

function skyline({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  let x = 0;
  while (x < w) {
    const bw = 30 + r() * 70;
    const bh = h * (0.25 + r() * 0.5);
    out.push(
      `<rect x="${x.toFixed(1)}" y="${(h - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="${pick()}" opacity="0.9"/>`,
    );
    for (let wy = h - bh + 12; wy < h - 12; wy += 18) {
      for (let wx = x + 8; wx < x + bw - 10; wx += 14) {
        if (r() > 0.45)
          out.push(
            `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="6" height="9" fill="#fff6c8" opacity="0.8"/>`,
          );
      }
    }
    x += bw + 4;
  }
  out.push(
    `<circle cx="${(w * (0.2 + r() * 0.6)).toFixed(1)}" cy="${(h * 0.2).toFixed(1)}" r="${(20 + r() * 25).toFixed(1)}" fill="#fff3b0" opacity="0.85"/>`,
  );
  return out;
}

function gem({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  const cx = w / 2;
  const cy = h / 2;
  const s = Math.min(w, h) * (0.28 + r() * 0.08);
  const pts = (k: number) =>
    Array.from({ length: k }, (_, i) => {
      const a = (i / k) * Math.PI * 2 - Math.PI / 2;
      return `${(cx + Math.cos(a) * s).toFixed(1)},${(cy + Math.sin(a) * s).toFixed(1)}`;
    }).join(' ');
  const k = 5 + Math.floor(r() * 4);
  out.push(`<polygon points="${pts(k)}" fill="${pick()}" stroke="#fff" stroke-width="3"/>`);
  for (let i = 0; i < k; i++) {
    const a = (i / k) * Math.PI * 2 - Math.PI / 2;
    out.push(
      `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * s).toFixed(1)}" y2="${(cy + Math.sin(a) * s).toFixed(1)}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>`,
    );
  }
  out.push(
    `<circle cx="${cx}" cy="${cy}" r="${(s * 0.35).toFixed(1)}" fill="#ffffff" opacity="0.25"/>`,
  );
  return out;
}

function abstract({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = r() * w;
    const y = r() * h;
    if (r() > 0.5) {
      out.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(15 + r() * 90).toFixed(1)}" fill="${pick()}" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`,
      );
    } else {
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(20 + r() * 140).toFixed(1)}" height="${(20 + r() * 140).toFixed(1)}" transform="rotate(${(r() * 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${pick()}" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`,
      );
    }
  }
  return out;
}

function equalizer({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  const n = 16;
  const bw = w / n;
  for (let i = 0; i < n; i++) {
    const bh = h * (0.1 + r() * 0.6);
    out.push(
      `<rect x="${(i * bw + 3).toFixed(1)}" y="${(h * 0.85 - bh).toFixed(1)}" width="${(bw - 6).toFixed(1)}" height="${bh.toFixed(1)}" rx="4" fill="${pick()}"/>`,
    );
  }
  out.push(
    `<circle cx="${(w * 0.78).toFixed(1)}" cy="${(h * 0.25).toFixed(1)}" r="36" fill="none" stroke="#fff" stroke-width="6"/><circle cx="${(w * 0.78).toFixed(1)}" cy="${(h * 0.25).toFixed(1)}" r="8" fill="#fff"/>`,
  );
  return out;
}

function ball({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  const cx = w * (0.35 + r() * 0.3);
  const cy = h * 0.5;
  const s = Math.min(w, h) * 0.27;
  out.push(
    `<rect x="0" y="${(h * 0.7).toFixed(1)}" width="${w}" height="${(h * 0.3).toFixed(1)}" fill="${pick()}" opacity="0.8"/>`,
  );
  out.push(
    `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${s.toFixed(1)}" fill="#ffffff" stroke="#222" stroke-width="4"/>`,
  );
  out.push(
    `<polygon points="${[0, 1, 2, 3, 4].map((i) => `${(cx + Math.cos((i / 5) * Math.PI * 2) * s * 0.35).toFixed(1)},${(cy + Math.sin((i / 5) * Math.PI * 2) * s * 0.35).toFixed(1)}`).join(' ')}" fill="#222"/>`,
  );
  out.push(
    `<text x="${(w * 0.82).toFixed(1)}" y="${(h * 0.3).toFixed(1)}" font-family="sans-serif" font-weight="700" font-size="64" fill="#fff" text-anchor="middle">${Math.floor(1 + r() * 99)}</text>`,
  );
  return out;
}

function car({ w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  const y = h * 0.62;
  const body = pick();
  out.push(
    `<rect x="0" y="${(y + 48).toFixed(1)}" width="${w}" height="${(h - y).toFixed(1)}" fill="#2b2b2b"/>`,
  );
  out.push(
    `<path d="M ${w * 0.12} ${y + 30} L ${w * 0.2} ${y - 10} L ${w * 0.38} ${y - 45} L ${w * 0.62} ${y - 45} L ${w * 0.76} ${y - 8} L ${w * 0.9} ${y} L ${w * 0.9} ${y + 30} Z" fill="${body}" stroke="#111" stroke-width="3"/>`,
  );
  out.push(
    `<path d="M ${w * 0.4} ${y - 38} L ${w * 0.6} ${y - 38} L ${w * 0.7} ${y - 10} L ${w * 0.3} ${y - 10} Z" fill="#cfe8ff" opacity="0.85"/>`,
  );
  for (const wx of [0.28, 0.74]) {
    out.push(
      `<circle cx="${(w * wx).toFixed(1)}" cy="${(y + 32).toFixed(1)}" r="24" fill="#111"/><circle cx="${(w * wx).toFixed(1)}" cy="${(y + 32).toFixed(1)}" r="10" fill="#bbb"/>`,
    );
  }
  return out;
}

function pixels({ r, w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  const n = 12;
  const cell = Math.min(w, h) / n;
  const ox = (w - cell * n) / 2;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n / 2; j++) {
      if (r() > 0.5) continue;
      const fill = pick();
      out.push(
        `<rect x="${(ox + j * cell).toFixed(1)}" y="${(i * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}" fill="${fill}"/>`,
      );
      out.push(
        `<rect x="${(ox + (n - 1 - j) * cell).toFixed(1)}" y="${(i * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}" fill="${fill}"/>`,
      );
    }
  }
  return out;
}

function ticket({ w, h, pick }: Canvas): string[] {
  const out: string[] = [];
  out.push(
    `<rect x="${w * 0.1}" y="${h * 0.25}" width="${w * 0.8}" height="${h * 0.5}" rx="18" fill="${pick()}"/>`,
  );
  out.push(
    `<line x1="${w * 0.68}" y1="${h * 0.27}" x2="${w * 0.68}" y2="${h * 0.73}" stroke="#fff" stroke-width="4" stroke-dasharray="10 8"/>`,
  );
  out.push(
    `<circle cx="${w * 0.1}" cy="${h * 0.5}" r="22" fill="#fff" opacity="0.3"/><circle cx="${w * 0.9}" cy="${h * 0.5}" r="22" fill="#fff" opacity="0.3"/>`,
  );
  return out;
}

const MOTIFS: Record<Motif, (canvas: Canvas) => string[]> = {
  skyline,
  gem,
  abstract,
  equalizer,
  ball,
  car,
  pixels,
  ticket,
};

function motifShapes(motif: Motif, r: () => number, w: number, h: number, c: string[]): string {
  const pick = () => c[Math.floor(r() * c.length)]!;
  return MOTIFS[motif]({ r, w, h, pick }).join('');
}

/** A square (default 512 x 512) SVG artwork. */
function artworkSvg(p: ArtworkParameters): string {
  const w = p.width ?? 512;
  const h = p.height ?? 512;
  const r = rng(`${p.motif}:${p.seed}`);
  const c = palette(r);
  const angle = Math.floor(r() * 360);
  const title = escapeXml(p.title.slice(0, 40));
  const subtitle = p.subtitle ? escapeXml(p.subtitle.slice(0, 48)) : '';
  const fontSize = Math.round(Math.min(w, h) / 16);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${c[0]}"/><stop offset="1" stop-color="${c[3]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    motifShapes(p.motif, r, w, h, c),
    `<rect x="0" y="${h - fontSize * 2.6}" width="${w}" height="${fontSize * 2.6}" fill="#000" opacity="0.35"/>`,
    `<text x="${fontSize * 0.8}" y="${h - fontSize * 1.25}" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${title}</text>`,
    subtitle
      ? `<text x="${fontSize * 0.8}" y="${h - fontSize * 0.35}" font-family="sans-serif" font-size="${Math.round(fontSize * 0.6)}" fill="#fff" opacity="0.85">${subtitle}</text>`
      : '',
    '</svg>',
  ].join('');
}

/** Writes an image into `<dataDir>/uploads` under its content hash; returns its public path. */
function saveUpload(dataDir: string, content: string | Buffer, extension = 'svg'): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 32);
  const name = `${hash}.${extension}`;
  const dir = join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  if (!existsSync(file)) writeFileSync(file, content);
  return `/uploads/${name}`;
}

/** Generates and saves an artwork; returns its `/uploads/...` path. */
export function generateArtwork(dataDir: string, p: ArtworkParameters): string {
  return saveUpload(dataDir, artworkSvg(p));
}
