import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../http';

export type S3Request = { method: string; path: string; authorization: string; contentType: string | null };

export type S3StandIn = {
  url: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: S3Request[];
  /** The next n requests answer 503 (a transient failure the client retries). */
  failNext: (n: number) => void;
  close: () => Promise<void>;
};

const xmlError = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A local stand-in for an S3-compatible service, path-style (endpoint/bucket/key) as MinIO answers:
 * PutObject, GetObject, HeadObject and DeleteObject on one bucket, kept in memory. It refuses requests
 * that are not SigV4-signed for the test's access key, and a body whose hash is not the one signed.
 */
export const startS3StandIn = async (bucket = 'test-bucket', accessKeyId = 'TESTKEY'): Promise<S3StandIn> => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3Request[] = [];
  let failures = 0;
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const authorization = String(request.headers.authorization ?? '');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization,
      contentType: request.headers['content-type'] ?? null,
    });
    const body = await readBody(request);
    if (failures > 0) {
      failures -= 1;
      response
        .writeHead(503, { 'content-type': 'application/xml' })
        .end(xmlError('SlowDown', 'Please slow down'));
      return;
    }
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      response
        .writeHead(403, { 'content-type': 'application/xml' })
        .end(xmlError('AccessDenied', 'Not signed'));
      return;
    }
    const [, first, ...rest] = url.pathname.split('/');
    if (first !== bucket || rest.length === 0) {
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(xmlError('NoSuchBucket', 'No bucket'));
      return;
    }
    const key = rest.map(decodeURIComponent).join('/');
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        const signed = request.headers['x-amz-content-sha256'];
        if (signed !== 'UNSIGNED-PAYLOAD' && signed !== createHash('sha256').update(body).digest('hex')) {
          response
            .writeHead(400, { 'content-type': 'application/xml' })
            .end(xmlError('XAmzContentSHA256Mismatch', 'Body hash differs'));
          return;
        }
        objects.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        });
        response.writeHead(200, { etag: '"stand-in"' }).end();
        return;
      }
      case 'GET':
      case 'HEAD':
        if (!object) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              request.method === 'GET'
                ? xmlError('NoSuchKey', 'The specified key does not exist.')
                : undefined,
            );
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        response.end(request.method === 'GET' ? object.body : undefined);
        return;
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
