import { describe, expect, it } from 'vitest';
import { readPage } from '../extract-site-profile';
import { colorsOf } from './site-look';

const page = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('the pages a site links to', () => {
  it('follows its own navigation only: same site, telling pages first, no log-in, files or other sites', () => {
    const reading = readPage(
      page(
        '',
        `<header><nav>
          <a href="/blog">Blog</a> <a href="/login">Log in</a> <a href="/pricing#plans">Pricing</a>
          <a href="https://www.acme.example/about">About</a> <a href="https://other.example/product">Partner</a>
          <a href="/brochure.pdf">Brochure</a> <a href="mailto:hi@acme.example">Mail</a> <a href="/">Home</a>
          <a href="/features">Features</a> <a href="/customers">Customers</a> <a href="/a">A</a> <a href="/b">B</a>
          <a href="/c">C</a>
        </nav></header>`,
      ),
      'https://acme.example/',
    );
    expect(reading.links).toEqual([
      'https://www.acme.example/about',
      'https://acme.example/features',
      'https://acme.example/pricing',
      'https://acme.example/customers',
      'https://acme.example/blog',
      'https://acme.example/a',
    ]);
  });

  it('reads the audience from the section that names it, as a list', () => {
    const listed = readPage(
      page(
        '',
        '<h2>Who it is for</h2><ul><li>AP teams</li><li>Controllers who want an audit trail</li></ul>',
      ),
      'https://acme.example/',
    );
    expect(listed.audienceItems).toEqual(['AP teams', 'Controllers who want an audit trail']);
    const named = readPage(
      page('', '<h2>Built for founders who need to hire</h2><p>Seed and Series A teams. More later.</p>'),
      'https://acme.example/',
    );
    expect(named.audienceItems).toEqual(['founders who need to hire', 'Seed and Series A teams']);
    expect(
      readPage(page('', '<h2>Pricing</h2><ul><li>One plan</li></ul>'), 'https://acme.example/').audienceItems,
    ).toEqual([]);
  });
});

describe('the look of a site', () => {
  it('takes the logo from the header, else the icon, else og:image, on the same site only', () => {
    const logo = (head: string, body = '') => readPage(page(head, body), 'https://acme.example/').logoUrl;
    expect(
      logo('<link rel="icon" href="/favicon.ico">', '<header><img src="/img/logo.svg" alt="Acme"></header>'),
    ).toBe('https://acme.example/img/logo.svg');
    expect(logo('<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">')).toBe(
      'https://acme.example/touch.png',
    );
    expect(logo('<meta property="og:image" content="https://cdn.other.example/card.png">')).toBeNull();
    expect(logo('<meta property="og:image" content="/card.png">')).toBe('https://acme.example/card.png');
  });

  it('takes theme-color first, then the brand custom properties, then the most used colours; no greys', () => {
    const html = page(
      '<style>:root{--brand-primary:#0E7C66;--text:#333}</style>',
      '<p style="color:#f2a541">a</p><p style="color:#F2A541">b</p><p style="color:#123">c</p>',
    );
    expect(colorsOf(html, '#3355ff', [])).toEqual(['#3355ff', '#0e7c66', '#f2a541', '#112233']);
    expect(
      colorsOf(page('', '<p style="color:#fff;background:#000;border-color:#777">x</p>'), null, []),
    ).toEqual([]);
    expect(colorsOf('', null, ['.button { background: #E4572E; }'])).toEqual(['#e4572e']);
  });
});
