/**
 * The web app's Content-Security-Policy, made for each HTML page it is sent with: scripts only
 * from our origin plus the page's own inline scripts by their sha256 (the route-preload table of
 * the build, the deferred start of index-pages.ts), so an injected `<script>` or `onerror=` never
 * runs. JSON data blocks (`type="application/json"`) are not scripts and need no hash.
 * Styles allow inline `style=` attributes (the server-rendered markup has some); connections go
 * to our origin and to WebSocket/HTTPS endpoints (a WalletConnect relay); nothing may frame us.
 * The only frames we show are WalletConnect's Verify pages, which the SDK loads with the public
 * relay (a project id) to vouch for our origin to the wallet; without them each request waits
 * the SDK's 5 s timeout. With the local relay the SDK loads none.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

function isInlineCode(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === 'module' || type === 'text/javascript';
}

/** The sha256 sources ('sha256-…') of the inline scripts of `html`. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (!isInlineCode(match[1] ?? '')) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return [...new Set(hashes)];
}

const WALLETCONNECT_VERIFY = [
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
];

export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss: https:",
    `frame-src ${WALLETCONNECT_VERIFY.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
