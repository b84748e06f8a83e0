// docs/product/top-up.md#items, docs/product/constants.md#rules item order (price×1000 key).
import { describe, expect, it } from 'vitest';
import { sortProducts } from './format';
import { gamePacks } from '../components/topup-fixtures';

describe('sortProducts', () => {
  it('orders by price and keeps equal prices in their given order', () => {
    const twin = { ...gamePacks[1]!, cp_goods_id: 'g-99b', name: 'Second' };
    const sorted = sortProducts([...gamePacks, twin]).map((p) => p.cp_goods_id);
    expect(sorted).toEqual(['g-99', 'g-99b', 'g-499', 'g-1999']);
  });
});
