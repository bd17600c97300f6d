export type RouteHandle = {
  /** Page title in Russian. */
  title: string;
  /** The layout without navigation uses less bottom padding on a few pages (docs/product.md §2). */
  compactBottom?: boolean;
};
