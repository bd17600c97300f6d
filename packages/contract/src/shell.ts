// Small response shapes the app shell reads from endpoints built on other branches (search
// suggestions, cart count, a product's brief). The lead reconciles names when those land.
import { z } from 'zod';
import { resultOf } from './common.ts';

export const SearchSuggestionSchema = z.object({ text: z.string() });
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;
export const SearchSuggestResponseSchema = resultOf(
  z.object({ suggestions: z.array(SearchSuggestionSchema) }),
);

export const CartLenResponseSchema = resultOf(z.object({ len: z.number().int().min(0) }));

export const ProductImageBriefSchema = z.object({ id: z.union([z.number(), z.string()]), src: z.string() });
export const ProductBriefSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  images: z.array(ProductImageBriefSchema),
  price: z.number().nullable(),
});
export type ProductBrief = z.infer<typeof ProductBriefSchema>;
export const ProductBriefResponseSchema = resultOf(ProductBriefSchema);
