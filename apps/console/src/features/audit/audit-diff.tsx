// The before/after of one audit entry, field by field; changed fields are marked.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** One row per field of either side; a side that is not an object is one row, `value`. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: 'value', before, after, changed: show(before) !== show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: show(b[field]) !== show(a[field]),
  }));
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const rows = diffRows(before, after);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('diff.empty')}
      </Text>
    );
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('diff.field')}</Table.Th>
          <Table.Th scope="col">{t('diff.before')}</Table.Th>
          <Table.Th scope="col">{t('diff.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field} className={row.changed ? 'hc-diff-changed' : undefined}>
            <Table.Th scope="row" fw={600}>
              {row.field}
              {row.changed && <span className="hc-visually-hidden"> ({t('diff.changed')})</span>}
            </Table.Th>
            <Table.Td>
              <pre className="hc-diff-value">{show(row.before)}</pre>
            </Table.Td>
            <Table.Td>
              <pre className="hc-diff-value">{show(row.after)}</pre>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
