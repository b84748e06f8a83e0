// Add or update real-name information (docs/product/account.md#real-name-information, docs/product/errors.md#validation-messages): every field checked
// with the contract's identityPayloadSchema, then sent encrypted via /api/identity/save.
// Masked values (phone, email, ID number) cannot be shown back, so they are entered again.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { identityPayloadSchema, type IdentityPayload, type RealInfo } from '@hc/contract';
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { CalendarDayInput } from '../../../components/ui/calendar-day-input';
import { formError } from '../../../lib/form-error';
import { saveRealInfo } from '../api/account-api';
import classes from './account.module.css';

type Field = keyof IdentityPayload;
type Values = Record<Field, string>;

const FIELDS: readonly { name: Field; type?: string; wide?: boolean; autoComplete?: string }[] = [
  { name: 'name', autoComplete: 'name' },
  { name: 'birthday', type: 'date', autoComplete: 'bday' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'address', wide: true, autoComplete: 'street-address' },
  { name: 'id_number', autoComplete: 'off' },
  { name: 'sign_region' },
  { name: 'sign_date', type: 'date' },
];

function initialValues(info: RealInfo | null): Values {
  return {
    name: info?.name ?? '',
    birthday: info?.birthday ?? '',
    address: info?.address ?? '',
    phone: '',
    email: '',
    id_number: '',
    sign_region: info?.sign_region ?? '',
    sign_date: info?.sign_date ?? '',
  };
}

export function RealNameForm({
  info,
  onSaved,
  onCancel,
}: {
  info: RealInfo | null;
  onSaved: (info: RealInfo | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Values>(() => initialValues(info));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({ mutationFn: saveRealInfo, onSuccess: onSaved });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = identityPayloadSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // Required and length: the generic form messages; formats: this form's own hint.
        next[field] ??= formError(t, issue, {
          input: values,
          schema: identityPayloadSchema,
          fallback: t(`realName.invalid.${field}`),
        });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form className={classes.form} onSubmit={submit} noValidate data-testid="real-name-form">
      {info ? (
        <Text size="sm" c="gray.7" className={classes.formWide}>
          {t('realName.reenterHint')}
        </Text>
      ) : null}
      {FIELDS.map((field) =>
        field.type === 'date' ? (
          <CalendarDayInput
            key={field.name}
            label={t(`realName.fields.${field.name}`)}
            required
            pastOnly={field.name === 'birthday'}
            value={values[field.name]}
            error={errors[field.name]}
            testId={`real-name-input-${field.name}`}
            onChange={(day) => setValues((v) => ({ ...v, [field.name]: day }))}
          />
        ) : (
          <TextInput
            key={field.name}
            className={field.wide ? classes.formWide : undefined}
            label={t(`realName.fields.${field.name}`)}
            description={field.name === 'phone' ? t('realName.phoneHint') : undefined}
            // The hint goes under the field, so the phone box lines up with its row.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            required
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((v) => ({ ...v, [field.name]: value }));
            }}
          />
        ),
      )}
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" className={classes.formWide}>
          {t(errorTranslationKey(save.error))}
        </Alert>
      ) : null}
      <div className={`${classes.actions} ${classes.formWide}`}>
        <Button type="submit" loading={save.isPending}>
          {t('realName.save')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
