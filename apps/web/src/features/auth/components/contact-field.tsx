// The email or phone input that both sign-in by code and password reset use (docs/product/sign-in.md#login-screen).
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ContactFieldProps {
  kind: 'email' | 'phone';
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error: string | undefined;
}

export function ContactField({ kind, value, onChange, error }: ContactFieldProps) {
  const { t } = useTranslation();
  const isEmail = kind === 'email';
  return (
    <TextInput
      label={t(isEmail ? 'auth:fields.email' : 'auth:fields.phone')}
      placeholder={t(isEmail ? 'placeholders.email' : 'placeholders.phone')}
      description={isEmail ? undefined : t('auth:phoneHint')}
      type={isEmail ? 'email' : 'tel'}
      autoComplete={isEmail ? 'email' : 'tel'}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
