/**
 * The renderer's own failures, typed so callers answer them clearly (an admin's upload refused, a
 * theme that names a font or picture that is gone) instead of a 500.
 */

/** A font's bytes could not be read or drawn with (damaged, WOFF2, not a font). */
export class InfographicFontError extends Error {
  readonly fontName: string;
  readonly reason: string;
  constructor(fontName: string, reason: string) {
    super(`The font ${fontName} could not be loaded: ${reason}`);
    this.name = 'InfographicFontError';
    this.fontName = fontName;
    this.reason = reason;
  }
}

/** The design names an uploaded font or picture whose bytes the caller did not pass. */
export class InfographicAssetMissingError extends Error {
  readonly assetId: number;
  constructor(assetId: number, what: 'font' | 'background picture') {
    super(`The ${what} (asset ${assetId}) this design uses is not available.`);
    this.name = 'InfographicAssetMissingError';
    this.assetId = assetId;
  }
}

/** A background picture that could not be decoded or is larger than the pixel limit. */
export class InfographicPictureError extends Error {
  constructor(reason: string) {
    super(`The background picture could not be used: ${reason}`);
    this.name = 'InfographicPictureError';
  }
}
