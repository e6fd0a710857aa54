import { describe, expect, it } from 'vitest';
import { scriptJson, withInitialData } from '../../server/src/plugins/initial-data.ts';

const HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>';

describe('index.html with initial data', () => {
  it('escapes what could end the script element', () => {
    const json = scriptJson({ s: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ s: '</script><!-- & \u2028' });
  });

  it('puts the image preload before the first script and the data at the end of body', () => {
    const out = withInitialData(HTML, { at: 1, queries: [] }, '/uploads/x".svg');
    const preload = out.indexOf('<link rel="preload" as="image" href="/uploads/x&#34;.svg"');
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(out.indexOf('<script type="module"'));
    expect(out).toContain(
      '<script type="application/json" id="initial-data">{"at":1,"queries":[]}</script>',
    );
    expect(out.indexOf('id="initial-data"')).toBeLessThan(out.indexOf('</body>'));
  });

  it('preloads only same-origin paths and http(s) URLs', () => {
    expect(withInitialData(HTML, { at: 1, queries: [] }, 'javascript:alert(1)')).not.toContain(
      'preload',
    );
    expect(withInitialData(HTML, { at: 1, queries: [] }, '//evil.example/x.png')).not.toContain(
      'preload',
    );
  });
});
