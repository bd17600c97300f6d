// Small response shapes the app shell reads from endpoints built on other branches (search
// suggestions, the product drawer's brief of GET /product/{id}). The lead reconciles names when those land.
import { z } from 'zod';
import { resultOf } from './common.ts';

export const SearchSuggestionSchema = z.object({ text: z.string() });
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;
export const SearchSuggestResponseSchema = resultOf(
  z.object({ suggestions: z.array(SearchSuggestionSchema) }),
);

// CartLenResponseSchema now comes from cart.ts (commerce branch).

export const ProductDrawerImageSchema = z.object({ id: z.union([z.number(), z.string()]), src: z.string() });
export const ProductDrawerBriefSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  images: z.array(ProductDrawerImageSchema),
  price: z.number().nullable(),
});
export type ProductDrawerBrief = z.infer<typeof ProductDrawerBriefSchema>;
export const ProductBriefResponseSchema = resultOf(ProductDrawerBriefSchema);
