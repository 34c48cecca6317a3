import { describe, expect, it } from 'vitest';
import { sectionHtmlOf } from './section-html';

describe('sectionHtmlOf', () => {
  it('keeps HTML as written', () => {
    expect(sectionHtmlOf('<p>One.</p><ul><li>Two</li></ul>', 'Start')).toBe(
      '<p>One.</p><ul><li>Two</li></ul>',
    );
  });

  it('drops a code fence and a repeat of its own heading, but not another heading', () => {
    expect(sectionHtmlOf('```html\n<h2>How to Start</h2>\n<p>Body.</p>\n```', 'How to start')).toBe(
      '<p>Body.</p>',
    );
    expect(sectionHtmlOf('## How to start\n\n<p>Body.</p>', 'How to start')).toBe('<p>Body.</p>');
    expect(sectionHtmlOf('<h3>A sub-point</h3><p>Body.</p>', 'How to start')).toBe(
      '<h3>A sub-point</h3><p>Body.</p>',
    );
  });

  it('turns plain text into escaped paragraphs and lists', () => {
    expect(sectionHtmlOf('First & more < 3 > 2.\n\n- one\n- two', 'X')).toBe(
      '<p>First &amp; more &lt; 3 &gt; 2.</p><ul><li>one</li><li>two</li></ul>',
    );
  });
});
