import type { TInfographicSize } from '@sales-assist/contract';

export type PixelSize = { width: number; height: number };

/** '1080x1350' → { width: 1080, height: 1350 } (the contract lists the only sizes there are). */
export const pixelSize = (size: TInfographicSize): PixelSize => {
  const [width, height] = size.split('x').map(Number);
  if (!width || !height) throw new Error(`Unknown infographic size ${size}`);
  return { width, height };
};
