import { InfographicFontError } from './errors';
import { fontFamilyName, parseFontMetrics } from './fonts';
import { renderInfographic } from './render-infographic';

/**
 * Checks that an uploaded font can be drawn with, before it is kept: read by the metrics reader, then a
 * small trial picture drawn with it by satori and resvg. Answers the family name the font declares
 * (the file's name when it declares none); throws InfographicFontError with the reason otherwise.
 */
export const checkUploadedFont = async (bytes: Buffer, fileName: string): Promise<{ family: string }> => {
  const metrics = parseFontMetrics(bytes, fileName);
  // An id no saved asset has: the trial's font is cached under it, never mistaken for a real asset.
  const trialId = 2_147_483_647;
  try {
    await renderInfographic({
      design: {
        layout: 'list',
        colors: {
          background: '#FFFFFF',
          surface: '#EEEEEE',
          text: '#111111',
          accent: '#3355FF',
          muted: '#666666',
        },
        heading_font: { asset_id: trialId },
        body_font: { asset_id: trialId },
        show_footer: false,
      },
      content: { headline: 'Aa Bb 123', points: ['The quick brown fox'] },
      assets: { fonts: new Map([[trialId, bytes]]) },
    });
  } catch (error) {
    if (error instanceof InfographicFontError) throw new InfographicFontError(fileName, error.reason);
    throw new InfographicFontError(fileName, error instanceof Error ? error.message : String(error));
  }
  return { family: fontFamilyName(metrics) ?? fileName.replace(/\.[a-z0-9]+$/i, '') };
};
