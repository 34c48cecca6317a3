/** Publishing to WordPress sites (REST API, application passwords), always through the SSRF-safe request. */
export { checkWordpressSite, type WordpressCheck, type WordpressCheckProblem } from './check-site';
export type { WordpressDeps, WordpressSite } from './credentials';
export {
  findWordpressPost,
  publishWordpressPost,
  uploadWordpressMedia,
  type WordpressImage,
  type WordpressLookup,
  type WordpressPostInput,
} from './posts';
export { normaliseWordpressAddress, type RestStyle, type SiteAddress } from './site-address';
