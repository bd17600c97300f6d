// The catalog module's public face: other modules import only from here (eslint: shop/api-modules).
export { categoriesJson, filtersJson, listingJson, productJson } from './catalog-answers.ts';
export { importCatalog, knownCatalogKeys, rebuildSearchTerms, searchVectorUpdate } from './catalog-import.repository.ts';
export { type BrandRow, cleanBrandName, ensureBrand, findBrand, findBrandNamed } from './brands.repository.ts';
export { demoPicture } from './demo/demo-catalog.ts';
export { type Kind } from './demo/demo-data.ts';
export { drawDemoPicture } from './demo/demo-pictures.ts';
export { findCatalogProductBySpu, upsertHiddenProduct } from './find-import.repository.ts';
export { describeIssuePath, type ImportFile, type ImportIssue, importIssue, type KnownKeys, parseImportFile } from './import-format.ts';
export { refreshListingColumns } from './listing-columns.ts';
export { loadProductBriefs } from './product-brief.ts';
export { findVariant, unpublished } from './product.repository.ts';
export { editVariant, releaseStock, reserveStock, type ReservedVariant, type VariantRow } from './stock.ts';
export { tokenIndexOf } from './token-index.ts';
