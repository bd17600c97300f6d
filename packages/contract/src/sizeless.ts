// Apart from catalog.ts and without zod, so that the app's product drawer can import it without
// pulling the catalogue's schemas into its code (docs/decisions/032, amendment).
/**
 * Categories whose products have no size (bags, accessories, electronics): the product drawer
 * shows no size picker for a product in one of them or their children, and the size filter is
 * not offered there (docs/product.md, the product drawer).
 */
export const SIZELESS_CATEGORY_IDS: readonly number[] = [17, 8, 374];
