// Sign-up on the portal (docs/product/sign-in.md#sign-up): email or phone checked by a code sent
// with purpose "signup", a login name, the password twice (the password rule of sign-in), the
// birthday, and the terms and privacy notice accepted in the versions the site announces
// (settingInit.sign_up). Sent as one encrypted payload; the result signs the player in.
import { birthdayDate, signUpLoginName, type LoginResult } from '@hc/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SegmentedControl,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { signUp } from '../api/sign-up';
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
import { CodeField } from './code-field';
import { ContactField } from './contact-field';
import classes from './auth.module.css';
import { CalendarDayInput } from '../../../components/ui/calendar-day-input';

type Method = 'email' | 'phone';
type Field = Method | 'code' | 'account' | 'passwd' | 'passwd2' | 'birthday' | 'consent';
type Errors = Partial<Record<Field | 'form', MessageKey>>;

export interface SignUpFormProps {
  termsVersion: string;
  privacyVersion: string;
  /** Where the terms of service and the privacy notice are shown. */
  termsHref: string;
  privacyHref: string;
  onSuccess: (result: LoginResult) => Promise<void>;
}

export function SignUpForm({
  termsVersion,
  privacyVersion,
  termsHref,
  privacyHref,
  onSuccess,
}: SignUpFormProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('email');
  const [values, setValues] = useState<Record<Exclude<Field, 'consent'>, string>>({
    email: '',
    phone: '',
    code: '',
    account: '',
    passwd: '',
    passwd2: '',
    birthday: '',
  });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: async (payload: Parameters<typeof signUp>[0]) => onSuccess(await signUp(payload)),
  });
  const pending = create.isPending || create.isSuccess;
  const sendCode = useSendCode('signup', setErrors);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const toggleProps = { 'aria-label': t('auth:togglePassword') };
  const fieldError = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  const validate = (): Errors => {
    const target = values[method];
    if (
      isBlank(target, values.code, values.account, values.passwd, values.passwd2, values.birthday)
    )
      return { form: 'validation.incompleteInfo' };
    const found: Errors = {};
    const targetError = method === 'email' ? emailError(target) : phoneError(target);
    if (targetError) found[method] = targetError;
    const c = codeError(values.code);
    if (c) found.code = c;
    if (!signUpLoginName.safeParse(values.account.trim()).success)
      found.account = 'auth:signUp.errors.account';
    const pw = passwordError(values.passwd);
    if (pw) found.passwd = pw;
    else if (values.passwd !== values.passwd2) found.passwd2 = 'validation.passwordMismatch';
    if (!birthdayDate.safeParse(values.birthday).success)
      found.birthday = 'auth:signUp.errors.birthday';
    if (!consent) found.consent = 'auth:signUp.errors.consent';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create.mutateAsync({
        channel: method,
        target: method === 'email' ? values.email.trim() : normalisePhone(values.phone),
        code: values.code.trim(),
        account: values.account.trim(),
        passwd: values.passwd,
        passwd2: values.passwd2,
        birthday: values.birthday,
        terms_version: termsVersion,
        privacy_version: privacyVersion,
      });
    } catch (error) {
      setErrors({ form: errorTranslationKey(error) });
    }
  };

  return (
    <form
      className={classes.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="sign-up-form"
    >
      <SegmentedControl
        fullWidth
        aria-label={t('auth:signUp.method')}
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
      <TextInput
        label={t('auth:signUp.account')}
        description={t('auth:signUp.accountHint')}
        placeholder={t('placeholders.account')}
        autoComplete="username"
        maxLength={32}
        value={values.account}
        onChange={(e) => set('account')(e.currentTarget.value)}
        error={fieldError('account')}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={t('auth:fields.password')}
        description={t('auth:signUp.passwordHint')}
        placeholder={t('placeholders.password')}
        autoComplete="new-password"
        value={values.passwd}
        onChange={(e) => set('passwd')(e.currentTarget.value)}
        error={fieldError('passwd')}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={t('auth:signUp.confirmPassword')}
        placeholder={t('auth:signUp.confirmPlaceholder')}
        autoComplete="new-password"
        value={values.passwd2}
        onChange={(e) => set('passwd2')(e.currentTarget.value)}
        error={fieldError('passwd2')}
      />
      <CalendarDayInput
        label={t('auth:signUp.birthday')}
        description={t('auth:signUp.birthdayHint')}
        pastOnly
        value={values.birthday}
        onChange={set('birthday')}
        error={fieldError('birthday')}
      />
      <Checkbox
        checked={consent}
        onChange={(e) => setConsent(e.currentTarget.checked)}
        error={fieldError('consent')}
        label={
          <Trans
            i18nKey="auth:signUp.consent"
            components={{
              terms: <Anchor href={termsHref} target="_blank" rel="noopener noreferrer" />,
              privacy: <Anchor href={privacyHref} target="_blank" rel="noopener noreferrer" />,
            }}
          />
        }
      />
      {errors.form ? (
        <Alert color="red" role="alert" variant="light">
          {t(errors.form)}
        </Alert>
      ) : null}
      <Button type="submit" fullWidth size="md" loading={pending}>
        {t('auth:signUp.submit')}
      </Button>
    </form>
  );
}
