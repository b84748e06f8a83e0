// The docs/product/sign-in.md#login-screen login form: account + password, email + code, phone + code, "remember auto-login";
// docs/product/errors.md#validation-messages validation inline, server errors by code (docs/product/errors.md#error-catalogue).
import type { LoginResult } from '@hc/contract';
import { Alert, Button, Checkbox, PasswordInput, Tabs, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey, isApiError } from '../../../lib/api-error';
import { trackLoginResult } from '../../../lib/track-login';
import { storage } from '../../../lib/storage';
import { login, type FormChannel, type LoginInput } from '../api/login';
import { useSendCode } from '../hooks/use-send-code';
import {
  codeError,
  emailError,
  isBlank,
  normalisePhone,
  passwordError,
  phoneError,
  type MessageKey,
} from '../utils/validation';
import { ContactField } from './contact-field';
import { CodeField } from './code-field';
import classes from './auth.module.css';

type Field = 'account' | 'password' | 'email' | 'phone' | 'code';
type Errors = Partial<Record<Field | 'form', MessageKey>>;

interface LoginFormProps {
  onSuccess: (result: LoginResult) => Promise<void>;
  onForgot: () => void;
}

export function LoginForm({ onSuccess, onForgot }: LoginFormProps) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<FormChannel>('account');
  const [values, setValues] = useState<Record<Field, string>>({
    account: '',
    password: '',
    email: '',
    phone: '',
    code: '',
  });
  const [remember, setRemember] = useState(() => storage.getRememberLogin());
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useMutation({
    mutationFn: async (input: LoginInput) => {
      let result: LoginResult;
      try {
        result = await login(input);
      } catch (error) {
        trackLoginResult('fail', input.channel);
        throw error;
      }
      trackLoginResult('success', input.channel);
      await onSuccess(result);
    },
  });
  // Signed in: the form stays busy while the page moves on.
  const pending = signIn.isPending || signIn.isSuccess;
  const sendCode = useSendCode('login', setErrors);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const toggleProps = { 'aria-label': t('auth:togglePassword') };
  const fieldError = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  const validate = (): { errors: Errors; account: string; secret: string } => {
    const { account, password, email, phone, code } = values;
    if (channel === 'account') {
      if (isBlank(account, password))
        return { errors: { form: 'validation.incompleteInfo' }, account, secret: password };
      const pw = passwordError(password);
      return { errors: pw ? { password: pw } : {}, account: account.trim(), secret: password };
    }
    const target = channel === 'email' ? email.trim() : normalisePhone(phone);
    if (isBlank(target, code))
      return { errors: { form: 'validation.incompleteInfo' }, account: target, secret: code };
    const targetError = channel === 'email' ? emailError(email) : phoneError(phone);
    const found: Errors = {};
    if (targetError) found[channel] = targetError;
    const c = codeError(code);
    if (c) found.code = c;
    return { errors: found, account: target, secret: code.trim() };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate();
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    storage.setRememberLogin(remember);
    try {
      await signIn.mutateAsync({
        channel,
        account: checked.account,
        secret: checked.secret,
        remember,
      });
    } catch (error) {
      // A code with its own text shows it; anything else is the generic "login failed".
      const known = isApiError(error) && error.key !== undefined;
      setErrors({ form: known ? errorTranslationKey(error) : 'common:info.loginFail' });
    }
  };

  const changeChannel = (next: string | null) => {
    if (next === 'account' || next === 'email' || next === 'phone') setChannel(next);
    setErrors({});
  };

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate>
      <Tabs value={channel} onChange={changeChannel} keepMounted={false}>
        <Tabs.List grow aria-label={t('auth:methods.label')}>
          <Tabs.Tab value="account">{t('auth:methods.account')}</Tabs.Tab>
          <Tabs.Tab value="email">{t('auth:methods.email')}</Tabs.Tab>
          <Tabs.Tab value="phone">{t('auth:methods.phone')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account" pt="md" className={classes.form}>
          <TextInput
            label={t('auth:fields.account')}
            placeholder={t('placeholders.account')}
            autoComplete="username"
            value={values.account}
            onChange={(e) => set('account')(e.currentTarget.value)}
            error={fieldError('account')}
          />
          <PasswordInput
            visibilityToggleButtonProps={toggleProps}
            label={t('auth:fields.password')}
            placeholder={t('placeholders.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={fieldError('password')}
          />
        </Tabs.Panel>
        {(['email', 'phone'] as const).map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md" className={classes.form}>
            <ContactField
              kind={kind}
              value={values[kind]}
              onChange={set(kind)}
              error={fieldError(kind)}
            />
            <CodeField
              value={values.code}
              onChange={set('code')}
              error={errors.code}
              onSend={() => sendCode(kind, values[kind])}
            />
            {/* docs/product/sign-in.md#login-screen: the no-bound-email hint belongs to sign-in by email. */}
            {kind === 'email' && <p className={classes.hint}>{t('auth:noEmailHint')}</p>}
          </Tabs.Panel>
        ))}
      </Tabs>
      <div className={classes.row}>
        <Checkbox
          label={t('auth:remember')}
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        <Button className={classes.end} variant="subtle" size="compact-sm" onClick={onForgot}>
          {t('auth:forgot')}
        </Button>
      </div>
      {errors.form ? (
        <Alert color="red" role="alert" variant="light">
          {t(errors.form)}
        </Alert>
      ) : null}
      <Button type="submit" fullWidth size="md" loading={pending} data-track-button="login">
        {t('auth:submit')}
      </Button>
    </form>
  );
}
