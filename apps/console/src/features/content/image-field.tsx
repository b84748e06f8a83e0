// An image of an article, a banner or a block: upload a file or pick an uploaded one with the
// console's image picker (answers /media/<sha256>.<ext>), or type another path of the portal or
// an https URL (what the contract's contentImage accepts).
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../components/image-picker';

export const IMAGE_URL = /^(\/(?![/\\])[^\s"'<>\\]*|https:\/\/[^\s"'<>\\]+)$/i;

export function ImageField({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
}) {
  const { t } = useTranslation('content');
  const invalid = value.trim() !== '' && !IMAGE_URL.test(value.trim());
  return (
    <Stack gap={6}>
      <ImagePicker
        label={label}
        description={description}
        value={value.trim() === '' || invalid ? undefined : value.trim()}
        onChange={(url) => onChange(url ?? '')}
      />
      <TextInput
        size="xs"
        label={t('image.address', { label })}
        description={t('image.hint')}
        placeholder="/media/…"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={invalid ? t('image.invalid') : undefined}
      />
    </Stack>
  );
}
