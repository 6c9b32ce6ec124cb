// The page head goes into index.html once: the document's own title and tags give way to it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { injectPageHead } from '../../../server/seo/injectHead.js';

describe('injectPageHead', () => {
  it("replaces index.html's generic title and puts the head before </head>", () => {
    const index = fs.readFileSync('index.html', 'utf8');
    expect(index).toContain('<title>Ролл и Пицца — доставка</title>');
    const out = injectPageHead(
      index,
      '<title>Меню</title>\n<link rel="canonical" href="https://shop.example/catalog" />',
    );
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out).toContain('<title>Меню</title>');
    expect(out.indexOf('<link rel="canonical"')).toBeLessThan(out.indexOf('</head>'));
    expect(out).toContain('<body>');
  });

  it('drops earlier description, canonical, robots, og: and twitter: tags; leaves other meta alone', () => {
    const html =
      '<html><head><meta charset="UTF-8" /><meta name="description" content="old" />' +
      '<meta property="og:title" content="old" /><meta name="twitter:card" content="old" />' +
      '<link rel="canonical" href="/old" /><meta name="robots" content="old" /></head><body></body></html>';
    const out = injectPageHead(html, '<meta name="description" content="new" />');
    expect(out).not.toContain('old');
    expect(out).toContain('<meta charset="UTF-8" />');
    expect(out).toContain('content="new"');
    expect(injectPageHead('<p>no head</p>', '<title>x</title>')).toBe('<p>no head</p>');
  });
});
