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

/** A tiny website for the scan on /website (its home page at /, Brightpipe's at /brightpipe), on 127.0.0.1 (allow-listed for the server). */
export const startTestWebsite = (port: number): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      const page = request.url === '/brightpipe' ? LANDING : request.url === '/' ? PAGE : null;
      // Any other address is a page this site has not got (the brand profile follows the menu's links):
      // answered as a real site would, not with another site's page.
      response.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page ?? '<!doctype html><title>Not found</title><h1>Not found</h1>');
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
