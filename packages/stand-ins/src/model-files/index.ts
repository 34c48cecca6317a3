/** Model files served the way Hugging Face serves them (a `resolve/` address redirected to a CDN with ranges). */
export { seededBytes, sha256Of } from './seeded-bytes';
export {
  type ModelFileFault,
  type ModelFileRequest,
  type ModelFilesStandIn,
  startModelFilesStandIn,
} from './server';
