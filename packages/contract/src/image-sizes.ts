// Plain constants, no schema library: the web app's first screen imports this module.
/**
 * The only edge sizes `/img` renders (docs/product.md §16): every other size would render and
 * cache one more file. The web app rounds a wanted size up to the next of these.
 */
export const IMAGE_EDGES_PX = [64, 80, 120, 160, 200, 240, 324, 350, 480, 600, 800, 1200, 1600, 2400] as const;
