/** An S3-compatible object store (path-style, SigV4-signed), kept in memory. */
export { type S3Request, type S3StandIn, startS3StandIn } from './server';
