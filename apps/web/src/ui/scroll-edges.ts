export type TScrollEdges = { left: boolean; right: boolean };

/** Which sides of a horizontally scrolling box hide content (1 px of slack for sub-pixel widths). */
export const scrollEdges = (box: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): TScrollEdges => ({
  left: box.scrollLeft > 1,
  right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
});
