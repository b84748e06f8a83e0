// docs/product/sign-in.md#login-screen, docs/product/sign-in.md#password-reset forgot password: email or phone code, then the new password twice (docs/product/sign-in.md#password-rule rules),
// sent as one encrypted `data` payload; docs/product/errors.md#outcome-and-failure-messages success and failure messages.
import type { ResetPayload } from '@hc/contract';
import { Alert, Button, PasswordInput, SegmentedControl, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { showNotice } from '../../../lib/notices';
import { resetPasswordByEmail } from '../api/reset-password-email';
import { resetPasswordByPhone } from '../api/reset-password-phone';
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

type Method = 'email' | 'phone';
type Field = Method | 'code' | 'passwd' | 'passwd2';
type Errors = Partial<Record<Field | 'form', MessageKey>>;

export function ForgotPassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('email');
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    phone: '',
    code: '',
    passwd: '',
    passwd2: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const reset = useMutation({
    mutationFn: ({ by, payload }: { by: Method; payload: ResetPayload }) =>
      by === 'email' ? resetPasswordByEmail(payload) : resetPasswordByPhone(payload),
  });
  // Changed: the form stays busy while the view goes back to sign-in.
  const pending = reset.isPending || reset.isSuccess;
  const sendCode = useSendCode('reset', setErrors);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const toggleProps = { 'aria-label': t('auth:togglePassword') };
  const fieldError = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  const validate = (): Errors => {
    const target = values[method];
    if (isBlank(target, values.code, values.passwd, values.passwd2))
      return { form: 'validation.incompleteInfo' };
    const found: Errors = {};
    const targetError = method === 'email' ? emailError(target) : phoneError(target);
    if (targetError) found[method] = targetError;
    const c = codeError(values.code);
    if (c) found.code = c;
    const pw = passwordError(values.passwd);
    if (pw) found.passwd = pw;
    else if (values.passwd !== values.passwd2) found.passwd2 = 'validation.passwordMismatch';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await reset.mutateAsync({
        by: method,
        payload: {
          account: method === 'email' ? values.email.trim() : normalisePhone(values.phone),
          code: values.code.trim(),
          passwd: values.passwd,
          passwd2: values.passwd2,
        },
      });
      showNotice('info.passwordChangeSuc', 'success');
      onDone();
    } catch (error) {
      showNotice('info.passwordChangeFail', 'error');
      setErrors({ form: errorTranslationKey(error) });
    }
  };

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate>
      {/* The page's heading while this view replaces the login form. */}
      <Title order={1} size="h2">
        {t('auth:reset.title')}
      </Title>
      <p className={classes.hint}>{t('auth:reset.intro')}</p>
      <SegmentedControl
        fullWidth
        aria-label={t('auth:reset.method')}
        value={method}
        onChange={(next) => {
          setMethod(next === 'phone' ? 'phone' : 'email');
          setErrors({});
        }}
        data={[
          { value: 'email', label: t('auth:methods.email') },
          { value: 'phone', label: t('auth:methods.phone') },
        ]}
      />
      <ContactField
        kind={method}
        value={values[method]}
        onChange={set(method)}
        error={fieldError(method)}
      />
      <CodeField
        key={method}
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        onSend={() => sendCode(method, values[method])}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={t('auth:fields.newPassword')}
        placeholder={t('placeholders.newPassword')}
        autoComplete="new-password"
        value={values.passwd}
        onChange={(e) => set('passwd')(e.currentTarget.value)}
        error={fieldError('passwd')}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={t('auth:fields.confirmPassword')}
        placeholder={t('placeholders.confirmPassword')}
        autoComplete="new-password"
        value={values.passwd2}
        onChange={(e) => set('passwd2')(e.currentTarget.value)}
        error={fieldError('passwd2')}
      />
      <p className={classes.hint}>{t('auth:noEmailHint')}</p>
      {errors.form ? (
        <Alert color="red" role="alert" variant="light">
          {t(errors.form)}
        </Alert>
      ) : null}
      <Button type="submit" fullWidth size="md" loading={pending}>
        {t('auth:reset.submit')}
      </Button>
      <Button variant="subtle" onClick={onDone}>
        {t('auth:reset.back')}
      </Button>
    </form>
  );
}
