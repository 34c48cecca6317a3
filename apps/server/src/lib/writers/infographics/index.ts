export type { InfographicBrand } from './brand-look';
export { checkUploadedFont } from './check-font';
export { InfographicAssetMissingError, InfographicFontError, InfographicPictureError } from './errors';
export { fontFamilyName, parseFontMetrics } from './fonts';
export { type InfographicAssets, type RenderedInfographic, renderInfographic } from './render-infographic';
export { pixelSize } from './sizes';
