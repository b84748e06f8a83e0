// Record filters to bodies (docs/product/top-up.md#order-statuses filter 4 sent as 2; docs/product/api.md#account-calls begin/end in seconds).
import { describe, expect, it } from 'vitest';
import { hcPointRecordBody, dayRangeToSeconds, orderRecordBody, pageCount } from './record-query';

describe('record query', () => {
  it('turns a day range into local day start and end seconds', () => {
    const begin = new Date(2026, 0, 5).getTime() / 1000;
    const end = new Date(2026, 0, 7, 23, 59, 59).getTime() / 1000;
    expect(dayRangeToSeconds(['2026-01-05', '2026-01-07'])).toEqual({ begin, end });
    expect(dayRangeToSeconds([new Date(2026, 0, 5, 15, 30), new Date(2026, 0, 7)])).toEqual({
      begin,
      end,
    });
    expect(dayRangeToSeconds(['2026-01-05', null])).toEqual({});
    expect(dayRangeToSeconds([null, null])).toEqual({});
  });

  it('maps client status filters through toServerFilter', () => {
    const base = { page: 1, orderId: '', range: [null, null] as [null, null] };
    expect(orderRecordBody({ ...base, status: 4 }).status).toBe(2);
    expect(orderRecordBody({ ...base, status: 2 }).status).toBe(6);
    expect(orderRecordBody({ ...base, status: 1 }).status).toBe(1);
    expect(orderRecordBody({ ...base, status: null })).toEqual({ page: 1, size: 10 });
    expect(orderRecordBody({ ...base, status: null, orderId: '  X-1 ' }).sdk_order_id).toBe('X-1');
  });

  it('builds HC Point record bodies and page counts', () => {
    expect(hcPointRecordBody({ page: 3, range: [null, null] })).toEqual({ page: 3, size: 10 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(3);
  });
});
