// Escaping of what the server writes into HTML, JSON-LD script blocks and XML by hand.
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, jsonForScript } from '../../../server/seo/escape.js';

describe('escaping', () => {
  it('XML: the five predefined entities, and characters XML 1.0 cannot carry dropped', () => {
    expect(escapeXml(`Ролл "Том & Джерри" <острый> 'новый'`)).toBe(
      'Ролл &quot;Том &amp; Джерри&quot; &lt;острый&gt; &apos;новый&apos;',
    );
    expect(escapeXml('a\u0000b\u0008c\td\ne\uFFFEf😀')).toBe('abc\td\nef😀');
  });

  it('HTML: & < > " and \' as references', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('JSON-LD: no <, >, &, U+2028 or U+2029 in the text, and it parses back to the same value', () => {
    const value = { name: '</script><!-- & \u2028\u2029 -->', n: 1 };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
