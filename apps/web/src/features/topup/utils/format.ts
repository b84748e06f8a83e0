// The product order of the top-up screens by the price×1000 key (docs/product/top-up.md#items);
// money, numbers and times are formatted by lib/format.ts.
import { productSortKey, type Product } from '@hc/contract';

/** docs/product/top-up.md#items, docs/product/constants.md#rules: items ordered by price with the key price×1000 (stable for equal prices). */
export function sortProducts(list: readonly Product[]): Product[] {
  return list
    .map((product, index) => ({ product, index }))
    .sort((a, b) => productSortKey(a.product) - productSortKey(b.product) || a.index - b.index)
    .map(({ product }) => product);
}
