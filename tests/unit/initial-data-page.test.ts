import { describe, expect, it } from 'vitest';
import { deferScripts, scriptJson, withInitialData } from '#server/plugins/initial-data.ts';

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

  it('puts a rendered screen in the root, its hints in <head> once, and sets the language', () => {
    const out = withInitialData(
      HTML.replace('<html>', '<html lang="vi">'),
      { at: 1, queries: [] },
      '/uploads/a.svg',
      {
        language: 'en',
        markup:
          '<link rel="preload" as="image" href="/uploads/a.svg" fetchPriority="high"/>' +
          '<link rel="preload" as="image" href="/uploads/b.svg"/><h1>Hi</h1>',
      },
    );
    expect(out).toContain('<html lang="en">');
    expect(out).toContain('<div id="root"><h1>Hi</h1></div>');
    expect(out.match(/href="\/uploads\/a.svg"/g)).toHaveLength(1);
    expect(out.indexOf('href="/uploads/b.svg"')).toBeLessThan(out.indexOf('</head>'));
  });

  it('starts the scripts of a rendered page once it is on display', () => {
    const html =
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/dep.js">\n' +
      '<script>(function(){var i;for(i=0;i<1;i++){}})()</script>\n' +
      '<link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>';
    const out = deferScripts(html);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/index.css">');
    const start = out.slice(out.indexOf('</head>'));
    expect(start).toContain("getEntriesByName('first-contentful-paint')");
    expect(start).toContain('setTimeout(go,3000)');
    expect(start).toContain('["/assets/dep.js"]');
    expect(start).toContain('["/assets/index.js"]');
    expect(start).toContain('for(i=0;i<1;i++){}');
    // A page without module scripts is left alone.
    expect(deferScripts('<html><head></head><body></body></html>')).toBe(
      '<html><head></head><body></body></html>',
    );
  });
});
