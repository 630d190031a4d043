import { describe, expect, it } from 'vitest';
import { readXml } from '../../../src/receivers/scaip/xml.js';

describe('the SCAIP XML reader', () => {
  it('reads child elements as an object, text trimmed, a repeated child as an array', () => {
    expect(
      readXml(
        '<?xml version="1.0"?><mrq> <ref> 7 </ref><lge><geo>1,2</geo></lge><x/><d>a</d><d>b</d></mrq>',
        6,
      ),
    ).toEqual({
      mrq: { ref: '7', lge: { geo: '1,2' }, x: '', d: ['a', 'b'] },
    });
  });

  it('decodes the five predefined entities and character references once, CDATA as text', () => {
    expect(
      readXml('<a><b>&amp;lt; &quot;&#x41;&#66;&apos;</b><c><![CDATA[<raw>]]></c></a>', 6),
    ).toEqual({
      a: { b: '&lt; "AB\'', c: '<raw>' },
    });
  });

  it('keeps an undeclared entity as sent, never expanding anything', () => {
    expect(readXml('<a><b>&lol9;</b></a>', 6)).toEqual({ a: { b: '&lol9;' } });
  });

  it('ignores comments, processing instructions and attributes', () => {
    expect(readXml('<a v="1"><!-- note --><?pi x?><b k="2">t</b></a>', 6)).toEqual({
      a: { b: 't' },
    });
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
    ['an unclosed element', '<a><b>1</b>'],
    ['mismatched tags', '<a><b>1</a></b>'],
    ['two roots', '<a/><b/>'],
    ['a bare ampersand', '<a>bed & breakfast</a>'],
    ['a control character, which XML 1.0 forbids', '<a>x\u0001y</a>'],
    ['nesting deeper than allowed', `<a>${'<n>'.repeat(6)}${'</n>'.repeat(6)}</a>`],
    ['no element at all', 'just text'],
  ])('refuses %s, and reads the next document as if it never came', (_, bad) => {
    expect(readXml(bad, 6)).toBeNull();
    expect(readXml('<ok><v>1</v></ok>', 6)).toEqual({ ok: { v: '1' } });
  });

  it('allows exactly the depth asked for', () => {
    expect(readXml('<a><b><c>1</c></b></a>', 3)).toEqual({ a: { b: { c: '1' } } });
    expect(readXml('<a><b><c>1</c></b></a>', 2)).toBeNull();
  });
});
