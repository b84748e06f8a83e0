// Two-factor enrolment: the QR code and the secret for typing by hand, a first code to confirm,
// then the ten recovery codes, shown once, with a copy button and an "I saved them" step.
// An operator whose session says mustEnrol is sent here before anything else.
import { consoleApi } from '@hc/contract';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Image,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { LoadError, PageLoader } from '../../components/status';
import { callConsole } from '../../lib/api';
import { errorTranslationKey, isErrorCode } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { ME_KEY, signOut, useSession } from './session-api';

const START_KEY = ['console', 'two-factor', 'start'] as const;

export default function TwoFactorPage() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  const alreadyOn = session.data?.operator.twoFactorEnabled === true;
  // A new secret on each start: fetched once for this page, never refetched behind its back.
  const start = useQuery({
    queryKey: START_KEY,
    queryFn: () => callConsole(consoleApi.consoleTwoFactorStart, {}),
    enabled: !alreadyOn,
    retry: false,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const confirm = useMutation({
    mutationFn: (value: string) => callConsole(consoleApi.consoleTwoFactorConfirm, { code: value }),
  });

  const finish = async () => {
    client.removeQueries({ queryKey: START_KEY });
    await client.invalidateQueries({ queryKey: ME_KEY });
    await navigate(paths.home, { replace: true });
  };
  const leave = async () => {
    await signOut(client).catch(() => undefined);
    await navigate(paths.signIn, { replace: true });
  };

  if (confirm.isSuccess)
    return (
      <AuthFrame title={t('twoFactor.codesTitle')} description={t('twoFactor.codesBody')} wide>
        <Stepper active={2} size="xs" aria-hidden="true">
          <Stepper.Step label={t('twoFactor.stepScan')} />
          <Stepper.Step label={t('twoFactor.stepConfirm')} />
          <Stepper.Step label={t('twoFactor.stepSave')} />
        </Stepper>
        <ul
          className="hc-codes"
          aria-label={t('twoFactor.codesLabel')}
          data-testid="recovery-codes"
        >
          {confirm.data.recoveryCodes.map((value) => (
            <li key={value}>{value}</li>
          ))}
        </ul>
        <CopyButton value={confirm.data.recoveryCodes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} aria-live="polite">
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Checkbox
          label={t('twoFactor.savedCheck')}
          checked={saved}
          onChange={(e) => setSaved(e.currentTarget.checked)}
        />
        <Button disabled={!saved} onClick={() => void finish()}>
          {t('twoFactor.continue')}
        </Button>
      </AuthFrame>
    );

  if (alreadyOn || isErrorCode(start.error, 'TwoFactorAlreadyEnabled'))
    return (
      <AuthFrame title={t('twoFactor.title')} description={t('twoFactor.alreadyOn')}>
        <Button component={Link} to={paths.home}>
          {tc('actions.backHome')}
        </Button>
      </AuthFrame>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(value)) confirm.mutate(value);
  };

  return (
    <AuthFrame
      title={t('twoFactor.title')}
      description={t(
        session.data?.operator.mustEnrol ? 'twoFactor.required' : 'twoFactor.description',
      )}
      wide
    >
      <Stepper active={0} size="xs" aria-hidden="true">
        <Stepper.Step label={t('twoFactor.stepScan')} />
        <Stepper.Step label={t('twoFactor.stepConfirm')} />
        <Stepper.Step label={t('twoFactor.stepSave')} />
      </Stepper>
      {start.isPending && <PageLoader />}
      {start.isError && <LoadError error={start.error} onRetry={() => void start.refetch()} />}
      {start.data && (
        <Stack gap="md">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Image
              src={start.data.qrSvgDataUrl}
              alt={t('twoFactor.qrAlt')}
              className="hc-qr"
              w={200}
              h={200}
            />
            <Stack gap={6} miw={220} className="hc-grow">
              <Text size="sm">{t('twoFactor.scan')}</Text>
              <Text size="sm" c="dimmed">
                {t('twoFactor.manual')}
              </Text>
              <Text className="hc-mono" size="sm" fw={600} data-testid="two-factor-secret">
                {start.data.secret}
              </Text>
              <CopyButton value={start.data.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} w="fit-content">
                    {copied ? t('twoFactor.copied') : t('twoFactor.copySecret')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Group>
          <form onSubmit={submit} noValidate aria-label={t('twoFactor.formLabel')}>
            <Stack gap="sm">
              {confirm.isError && (
                <Alert color="red" variant="light" role="alert">
                  {tc(errorTranslationKey(confirm.error))}
                </Alert>
              )}
              <TextInput
                label={t('twoFactor.code')}
                description={t('twoFactor.codeHint')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <Button
                type="submit"
                loading={confirm.isPending}
                disabled={!/^\d{6}$/.test(code.replace(/\s+/g, ''))}
              >
                {t('twoFactor.confirm')}
              </Button>
            </Stack>
          </form>
        </Stack>
      )}
      {session.data?.operator.mustEnrol && (
        <Button variant="subtle" color="gray" onClick={() => void leave()}>
          {tc('header.signOut')}
        </Button>
      )}
    </AuthFrame>
  );
}
