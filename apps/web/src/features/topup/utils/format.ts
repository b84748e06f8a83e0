// Display helpers of the top-up screens: the shared money/number/time formats (lib/format.ts)
// and the product order by the price×1000 key (docs/product/top-up.md#items).
import { productSortKey, type Product } from '@hc/contract';

export { formatMoney, formatNumber, formatTime } from '../../../lib/format';

/** docs/product/top-up.md#items, docs/product/constants.md#rules: items ordered by price with the key price×1000 (stable for equal prices). */
export function sortProducts(list: readonly Product[]): Product[] {
  return list
    .map((product, index) => ({ product, index }))
    .sort((a, b) => productSortKey(a.product) - productSortKey(b.product) || a.index - b.index)
    .map(({ product }) => product);
}
