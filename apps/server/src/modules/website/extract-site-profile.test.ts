import { describe, expect, it } from 'vitest';
import { extractSiteProfile, PROFILE_LIMITS } from './extract-site-profile';

const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const nameOf = (head: string, url = 'https://www.acme.example/') => extractSiteProfile(page(head), url).name;

describe('extractSiteProfile', () => {
  it('takes the name from og:site_name, then application-name, then the title, then the host', () => {
    const all =
      '<meta property="og:site_name" content=" Acme  Inc "><meta name="application-name" content="AcmeApp"><title>Acme | Tagline</title>';
    expect(nameOf(all)).toBe('Acme Inc');
    expect(nameOf('<meta name="Application-Name" content="AcmeApp"><title>Acme | Tagline</title>')).toBe(
      'AcmeApp',
    );
    expect(nameOf('<title>Acme Robotics | Warehouse automation</title>')).toBe('Acme Robotics');
    expect(nameOf('<title>Acme Robotics - Warehouse automation - Home</title>')).toBe('Acme Robotics');
    expect(nameOf('<title>Acme Robotics – Warehouse automation</title>')).toBe('Acme Robotics');
    expect(nameOf('<title>Home | Acme Robotics</title>')).toBe('Acme Robotics');
    expect(nameOf('<title>Self-Storage Co</title>')).toBe('Self-Storage Co');
    expect(nameOf('<title>   </title>')).toBe('acme.example');
    expect(nameOf('', 'https://WWW.Shop.Example:8443/path')).toBe('shop.example');
    expect(nameOf('<meta property="og:site_name" content="">', 'http://acme.example/')).toBe('acme.example');
  });

  it('reads the description from meta description, then og:description', () => {
    const both =
      '<meta name="description" content="Robots\n  for   warehouses &amp; more"><meta property="og:description" content="OG">';
    expect(extractSiteProfile(page(both), 'https://a.example').description).toBe(
      'Robots for warehouses & more',
    );
    expect(
      extractSiteProfile(page('<meta property="og:description" content="OG text">'), 'https://a.example')
        .description,
    ).toBe('OG text');
    expect(extractSiteProfile(page(''), 'https://a.example').description).toBeNull();
    const long = `<meta name="description" content="${'x'.repeat(5000)}">`;
    expect(extractSiteProfile(page(long), 'https://a.example').description).toHaveLength(
      PROFILE_LIMITS.descriptionChars,
    );
  });

  it('splits, trims, dedupes and caps the keywords', () => {
    const many = Array.from({ length: 50 }, (_, i) => `kw${i}`).join(', ');
    const profile = (content: string) =>
      extractSiteProfile(page(`<meta name="keywords" content="${content}">`), 'https://a.example').keywords;
    expect(profile(' Robots ,automation;; robots,  AI  tools ,')).toEqual([
      'Robots',
      'automation',
      'AI tools',
    ]);
    expect(profile(many)).toHaveLength(30);
    expect(profile(many)[29]).toBe('kw29');
  });

  it('collects h1–h3 text in page order, collapsed, deduped, cut to 200 characters, at most 40', () => {
    const body = [
      '<h1>  Welcome\n to <em>Acme</em> </h1>',
      '<h4>Too deep</h4>',
      '<h2>Features</h2><h3>Features</h3><h3></h3>',
      `<h2>${'y'.repeat(300)}</h2>`,
      '<script>document.write("<h1>injected</h1>")</script>',
      ...Array.from({ length: 60 }, (_, i) => `<h3>Point ${i}</h3>`),
    ].join('');
    const { headings } = extractSiteProfile(page('', body), 'https://a.example');
    expect(headings.slice(0, 3)).toEqual(['Welcome to Acme', 'Features', 'y'.repeat(200)]);
    expect(headings).toHaveLength(40);
    expect(headings.at(-1)).toBe('Point 36');
    expect(headings.some((heading) => heading.includes('injected') || heading === 'Too deep')).toBe(false);
  });

  it('copes with an empty or broken document', () => {
    expect(extractSiteProfile('', 'https://acme.example/')).toEqual({
      name: 'acme.example',
      description: null,
      keywords: [],
      headings: [],
      company: 'acme.example',
      offer: '',
      audience: '',
      tone: '',
      keyPhrases: [],
      readableText: '',
      language: 'eng',
      links: [],
      stylesheets: [],
      look: { colors: [], logoUrl: null },
    });
    expect(extractSiteProfile('<h1>Open <b>tags', 'https://acme.example/').headings).toEqual(['Open tags']);
  });
});
