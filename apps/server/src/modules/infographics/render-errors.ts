import { AppError } from '../../http/errors';
import {
  InfographicAssetMissingError,
  InfographicFontError,
  InfographicPictureError,
} from '../../lib/writers/infographics';

/**
 * The renderer's typed failures as answers the admin can act on: a font or picture that cannot be
 * drawn with (422), an asset that is gone (409). Anything else is passed on unchanged.
 */
export const asRenderAnswer = (error: unknown): unknown => {
  if (error instanceof InfographicFontError) return new AppError(422, 'font_failed', error.message);
  if (error instanceof InfographicPictureError) return new AppError(422, 'picture_failed', error.message);
  if (error instanceof InfographicAssetMissingError)
    return new AppError(409, 'asset_missing', `${error.message} Choose another in the theme's design.`);
  return error;
};

/** Runs `work`, turning the renderer's typed failures into answers. */
export const answeringRenderErrors = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw asRenderAnswer(error);
  }
};
