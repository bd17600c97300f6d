// The blogger module's public face: other modules import only from here (eslint: shop/api-modules).
export {
  bindBloggerLink,
  bloggerOnCanceled,
  bloggerOnCompleted,
  bloggerOnPaid,
  countLinkOpen,
  hasBloggerAttribution,
  promoDiscount,
  setCommissionBase,
} from './blogger-attribution.ts';
export { suggestBloggers } from './blogger-pages.ts';
export { BloggerSuggestions } from './blogger-suggestions.ts';
