import { describe, expect, it } from 'vitest';
import { sectionsOfHtml } from './blog-sections';

describe('sectionsOfHtml', () => {
  it('numbers the <h2> sections as the server cuts the body', () => {
    expect(sectionsOfHtml('<h2>One</h2><p>a</p><h2 class="x">Two &amp; more</h2><p>b</p>')).toEqual([
      { index: 0, heading: 'One' },
      { index: 1, heading: 'Two & more' },
    ]);
  });

  it('counts an introduction before the first heading but does not offer it', () => {
    expect(sectionsOfHtml('<p>Intro</p><h2>First</h2><p>a</p>')).toEqual([{ index: 1, heading: 'First' }]);
  });

  it('names an empty heading and finds nothing in a body without headings', () => {
    expect(sectionsOfHtml('<h2></h2><p>a</p>')).toEqual([{ index: 0, heading: 'Untitled section' }]);
    expect(sectionsOfHtml('<p>Just text</p><h3>Not a section</h3>')).toEqual([]);
    expect(sectionsOfHtml('')).toEqual([]);
  });
});
