// Redeem Code box of /main/home (docs/product/content.md#redeem-codes, docs/product/content.md#home). Anonymous players get a
// sign-in link that comes back here; signed-in players enter a code, choose a server and role
// and redeem. The server/role picker is passed in by the route (it is the top-up feature's
// picker and cached list; features do not import each other). Each server answer has its own
// message; success lists the rewards, which the game receives through the delivery job.
import type { RedeemResult } from '@hc/contract';
import { Alert, Button, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../lib/app-store';
import { loginPathFor } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import {
  isWellFormedCode,
  redeemGiftCode,
  redeemErrorMessage,
  type RedeemErrorMessage,
} from '../api/gift-codes-api';
import classes from './gift-code-box.module.css';

export interface RoleChoice {
  serverId: number | null;
  roleId: string | null;
}

/** The server and role picker the box shows (supplied by the route). */
export interface RolePickerProps {
  value: RoleChoice;
  onChange: (value: RoleChoice) => void;
}

type Outcome =
  { kind: 'success'; result: RedeemResult } | { kind: 'error'; message: RedeemErrorMessage } | null;

export function GiftCodeBox({ RolePicker }: { RolePicker: ComponentType<RolePickerProps> }) {
  const { t } = useTranslation(['content', 'common']);
  const user = useUserInfo();
  return (
    <section className={classes.box} aria-labelledby="redeem-title" data-testid="redeem-box">
      <Title order={2} id="redeem-title" className={classes.title}>
        {t('common:pages.home.redeemCode')}
      </Title>
      {user.login ? (
        <GiftCodeForm RolePicker={RolePicker} />
      ) : (
        <>
          <p className={classes.text}>{t('redeem.signInText')}</p>
          <Button
            component={Link}
            to={loginPathFor(paths.home, '')}
            variant="light"
            radius="xl"
            data-testid="redeem-sign-in"
          >
            {t('redeem.signIn')}
          </Button>
        </>
      )}
    </section>
  );
}

function GiftCodeForm({ RolePicker }: { RolePicker: ComponentType<RolePickerProps> }) {
  const { t } = useTranslation(['content', 'common']);
  const [code, setCode] = useState('');
  const [choice, setChoice] = useState<RoleChoice>({ serverId: null, roleId: null });
  const { serverId, roleId } = choice;
  const [codeError, setCodeError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mutation = useMutation({
    mutationFn: redeemGiftCode,
    onSuccess: (result) => {
      setOutcome({ kind: 'success', result });
      setCode('');
    },
    onError: (error) => setOutcome({ kind: 'error', message: redeemErrorMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!code.trim()) return setCodeError(t('redeem.codeRequired'));
    if (!isWellFormedCode(code)) return setCodeError(t('redeem.codeShape'));
    setCodeError(null);
    if (serverId === null || roleId === null) {
      setOutcome({ kind: 'error', message: { key: 'common:validation.selectServerRole' } });
      return;
    }
    mutation.mutate({ code: code.trim(), server_id: serverId, role_id: roleId });
  };

  return (
    <form className={classes.form} onSubmit={submit} noValidate data-testid="redeem-form">
      <TextInput
        label={t('redeem.codeLabel')}
        placeholder={t('common:placeholders.redeemCode')}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setCodeError(null);
        }}
        error={codeError}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-testid="redeem-code"
      />
      <div className={classes.pickers}>
        <RolePicker value={choice} onChange={setChoice} />
      </div>
      <Button
        type="submit"
        loading={mutation.isPending}
        radius="xl"
        data-testid="redeem-submit"
        data-track-button="redeem"
      >
        {t('redeem.submit')}
      </Button>
      {outcome?.kind === 'success' ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          title={t('redeem.success')}
          data-testid="redeem-result"
          data-status="success"
        >
          {outcome.result.rewards.length > 0 ? (
            <>
              {t('redeem.rewardsIntro')}
              <ul className={classes.rewards} data-testid="redeem-rewards">
                {outcome.result.rewards.map((reward, index) => (
                  <li key={`${reward.name}-${index}`}>
                    {t('redeem.reward', { name: reward.name, amount: reward.count })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            t('redeem.deliveryNote')
          )}
        </Alert>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="redeem-result"
          data-status="error"
        >
          {t(outcome.message.key, outcome.message.values ?? {})}
          {outcome.message.detail !== undefined ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }} data-testid="redeem-detail">
              {outcome.message.detail}
            </Text>
          ) : null}
        </Alert>
      ) : null}
    </form>
  );
}
