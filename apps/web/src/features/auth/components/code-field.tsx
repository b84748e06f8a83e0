// A verification-code input with its "Get code" button; after a send the button waits out the
// countdown (docs/product/sign-in.md#verification-codes: codes cannot be requested too often).
import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_RESEND_SECONDS, useCountdown } from '../hooks/use-countdown';
import classes from './auth.module.css';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Validates the target and sends; resolves with seconds until a resend, or null on failure. */
  onSend: () => Promise<number | null>;
}

export function CodeField({ value, onChange, error, onSend }: CodeFieldProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) start(wait > 0 ? wait : DEFAULT_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={classes.codeRow}>
      <TextInput
        className={classes.grow}
        label={t('auth:fields.code')}
        placeholder={t('auth:codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
        error={error ? t(error) : undefined}
      />
      <Button
        className={classes.codeButton}
        variant="light"
        loading={sending}
        disabled={remaining > 0}
        onClick={() => void send()}
      >
        {remaining > 0 ? t('auth:resendIn', { seconds: remaining }) : t('auth:getCode')}
      </Button>
    </div>
  );
}
