// Item cards (docs/product/top-up.md#items): icon, name, price from minor units in the UI language, the
// bonus tag "+N%" (and "Best value" on the pack with the largest bonus), the gift amount and a running rebate (HC Point credited on payment); one radio group, so the keyboard selects too.
import type { Product } from '@hc/contract';
import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from './choice-group';
import { errorTranslationKey } from '../../../lib/api-error';
import { formatMoney, formatNumber } from '../../../lib/format';
import classes from './topup.module.css';

interface ProductListProps {
  legend: string;
  products: readonly Product[] | undefined;
  loading: boolean;
  /** The packs failed to load: shown here, in the pack area, with a retry. */
  error?: unknown;
  retrying?: boolean;
  onRetry?: () => void;
  value: string | null;
  onChange: (cpGoodsId: string) => void;
}

/** Compares names loosely: case, spaces and digit grouping ("1,000" / "1.000" / "1 000") aside. */
const looseName = (text: string) => text.toLocaleLowerCase().replace(/[\s.,'\u00a0\u202f]/g, '');

/** The pack with the largest bonus is the best value (none when no pack has a bonus). */
export function bestValueId(products: readonly Product[]): string | null {
  let best: Product | null = null;
  for (const p of products) if ((p.bonus ?? 0) > (best?.bonus ?? 0)) best = p;
  return best?.cp_goods_id ?? null;
}

function ProductCard({ product, bestValue }: { product: Product; bestValue: boolean }) {
  const { t, i18n } = useTranslation('topup');
  const bonus = product.bonus ?? 0;
  const points =
    product.is_epoint && product.amount !== null
      ? t('product.points', { amount: formatNumber(product.amount, i18n.language) })
      : null;
  // HC Point packs are usually named by their amount ("1,000 HC Point"): then the name says it once.
  const showPoints = points !== null && looseName(points) !== looseName(product.name);
  return (
    <>
      <span className={classes.productArt} data-has-art={product.icon ? true : undefined}>
        {product.icon ? (
          <img
            src={product.icon}
            alt=""
            width={72}
            height={72}
            decoding="async"
            className={classes.productIcon}
          />
        ) : null}
        {bestValue ? (
          <span className={classes.bestTag} data-testid="topup-best-value">
            {t('product.bestValue')}
          </span>
        ) : null}
        {bonus > 0 ? (
          <span className={classes.bonusTag} data-testid="topup-bonus">
            {t('product.bonus', { percent: bonus })}
          </span>
        ) : null}
      </span>
      <span className={classes.productName}>{product.name}</span>
      {showPoints ? (
        <Text span size="sm" c="dimmed" data-testid="topup-points">
          {points}
        </Text>
      ) : null}
      {product.gift ? (
        <Text span size="sm" className={classes.gift}>
          {t('product.gift', { amount: formatNumber(product.gift, i18n.language) })}
        </Text>
      ) : null}
      {product.rebate ? (
        <Text span size="sm" className={classes.gift} data-testid="topup-rebate">
          {t('product.rebate', { amount: formatNumber(product.rebate.amount, i18n.language) })}
        </Text>
      ) : null}
      <span className={classes.price} data-testid="topup-price">
        {formatMoney(product.price, product.currency, i18n.language)}
      </span>
    </>
  );
}

export function ProductList({
  legend,
  products,
  loading,
  error,
  retrying = false,
  onRetry,
  value,
  onChange,
}: ProductListProps) {
  const { t } = useTranslation('topup');
  if (!products && error) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('common:info.getItemListFail')}
        data-testid="topup-products-error"
      >
        <Text size="sm">{t(errorTranslationKey(error))}</Text>
        {onRetry ? (
          <Button
            mt="sm"
            variant="default"
            loading={retrying}
            onClick={onRetry}
            data-testid="topup-products-retry"
          >
            {t('common:pages.fetchError.retry')}
          </Button>
        ) : null}
      </Alert>
    );
  }
  if (!products) {
    return loading ? (
      <div className={classes.cardSkeletons} aria-busy="true" aria-label={t('common:a11y.loading')}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </div>
    ) : null;
  }
  if (products.length === 0) return <Text c="dimmed">{t('product.empty')}</Text>;
  const best = bestValueId(products);
  return (
    <ChoiceGroup
      legend={legend}
      name="topup-product"
      testId="topup-products"
      layout="cards"
      value={value}
      onChange={onChange}
      choices={products.map((p) => ({
        value: p.cp_goods_id,
        testId: `topup-product-${p.cp_goods_id}`,
        label: <ProductCard product={p} bestValue={p.cp_goods_id === best} />,
      }))}
    />
  );
}
