import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/** A realistic 60 KB SaaS home page (the server's brand-profile fixture), served at /brightpipe. */
const LANDING = readFileSync(
  path.join(import.meta.dirname, '../../../server/test/fixtures/website/brightpipe-landing.html'),
  'utf8',
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Acme Rockets</title>
    <meta name="description" content="Acme Rockets builds reusable rockets for small satellites." />
    <meta name="keywords" content="rockets, launch, satellites, space" />
  </head>
  <body>
    <h1>Reusable rockets for small satellites</h1>
    <h2>Launch every week</h2>
    <p>Acme Rockets puts your payload in orbit on a schedule you can plan around.</p>
    <h2>Pricing that makes sense</h2>
    <p>Pay per kilogram, with no hidden fees.</p>
  </body>
</html>`;

/** Brightpipe's logo as its page names it (/img/brightpipe-logo.svg): a mark and the name, in its violet. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="264" height="56" viewBox="0 0 264 56">
  <rect x="2" y="6" width="44" height="44" rx="12" fill="#5b3df5"/>
  <path d="M14 28h20M24 18l10 10-10 10" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>
  <text x="58" y="39" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="700" fill="#1c1a33">Brightpipe</text>
</svg>`;

/** A tiny website for the scan on /website (its home page at /, Brightpipe's at /brightpipe with its logo), on 127.0.0.1 (allow-listed for the server). */
export const startTestWebsite = (port: number): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      if (request.url === '/img/brightpipe-logo.svg') {
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(LOGO);
        return;
      }
      const page = request.url === '/brightpipe' ? LANDING : request.url === '/' ? PAGE : null;
      // Any other address is a page this site has not got (the brand profile follows the menu's links):
      // answered as a real site would, not with another site's page.
      response.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page ?? '<!doctype html><title>Not found</title><h1>Not found</h1>');
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
