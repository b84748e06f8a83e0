// Self-service on the account page (docs/product/account.md#self-service, ADR 0049): sign-in and
// security (email, phone, password, social sign-ins), signed-in devices, and "your data" (the
// download and the deletion request). Each form shows the server's refusal translated by code.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import {
  checkPassword,
  SOCIAL_LINK_PARAM,
  socialLinkOutcomeSchema,
  type ProfileResult,
  type SocialProvider,
} from '@hc/contract';
import {
  Alert,
  Button,
  Paper,
  PasswordInput,
  Skeleton,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorTranslationKey } from '../../../lib/api-error';
import { formatUnixSeconds } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import { endSession } from '../../../lib/session';
import {
  changeContact,
  changePassword,
  downloadMyData,
  endDeviceSession,
  requestDeletion,
  sendContactCode,
  startSocialLink,
  unlinkSocial,
  type ContactChannel,
} from '../api/account-api';
import { accountKeys, profileQuery, sessionsQuery } from '../api/account-queries';
import classes from './account.module.css';
import { storage } from '../../../lib/storage';

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  wechat: 'WeChat',
};

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper
      className={classes.section}
      radius="lg"
      withBorder
      component="section"
      data-testid={testId}
    >
      <div className={classes.sectionHead}>
        <Title order={2} className={classes.sectionTitle}>
          {title}
        </Title>
      </div>
      {children}
    </Paper>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Alert color="red" variant="light" role="alert">
      {t('self.loadFail')}{' '}
      <Button variant="subtle" size="compact-sm" color="red.9" onClick={onRetry}>
        {t('common:actions.refresh')}
      </Button>
    </Alert>
  );
}

/** Adds or changes the email or phone: a code goes to the new address first. */
function ContactRow({ channel, profile }: { channel: ContactChannel; profile: ProfileResult }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const current = channel === 'email' ? profile.email : profile.phone;
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => sendContactCode(channel, target.trim()) });
  const save = useMutation({
    mutationFn: () => changeContact(channel, target.trim(), code.trim()),
  });

  const close = () => {
    setOpen(false);
    setTarget('');
    setCode('');
    setSentTo(null);
    setError(null);
  };
  const onSend = async () => {
    setError(null);
    try {
      await send.mutateAsync();
      setSentTo(target.trim());
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const next = await save.mutateAsync();
      queryClient.setQueryData(accountKeys.profile, next);
      close();
      showNotice(`account:self.contact.saved.${channel}`, 'success');
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };

  return (
    <div className={classes.selfRow} data-testid={`contact-${channel}`}>
      <div className={classes.selfRowHead}>
        <div>
          <Text fw={600}>{t(`self.${channel}`)}</Text>
          <Text c={current ? undefined : 'gray.7'} className={classes.breakAll}>
            {current ?? t('self.notSet')}
          </Text>
        </div>
        {!open && (
          <Button variant="light" size="sm" onClick={() => setOpen(true)}>
            {current ? t('self.change') : t('self.add')}
          </Button>
        )}
      </div>
      {open && (
        <form className={classes.selfForm} onSubmit={(e) => void onSave(e)} noValidate>
          <div className={classes.selfInline}>
            <TextInput
              className={classes.grow}
              label={t(`self.contact.new.${channel}`)}
              type={channel === 'email' ? 'email' : 'tel'}
              autoComplete={channel === 'email' ? 'email' : 'tel'}
              placeholder={channel === 'phone' ? '+14155550123' : undefined}
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
            />
            <Button
              variant="default"
              onClick={() => void onSend()}
              loading={send.isPending}
              disabled={target.trim() === ''}
            >
              {sentTo ? t('self.contact.resend') : t('self.contact.send')}
            </Button>
          </div>
          {sentTo && (
            <Text size="sm" c="gray.7" role="status">
              {t('self.contact.sent', { target: sentTo })}
            </Text>
          )}
          {sentTo && (
            <TextInput
              label={t('self.contact.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          )}
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {t(error)}
            </Text>
          )}
          <div className={classes.actions}>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!sentTo || code.trim().length !== 6}
            >
              {t('self.save')}
            </Button>
            <Button variant="subtle" onClick={close}>
              {t('self.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function PasswordRow({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [oldPassword, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: changePassword });
  const close = () => {
    setOpen(false);
    setOld('');
    setNext('');
    setRepeat('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkPassword(next).ok) return setError('account:self.password.rule');
    if (next !== repeat) return setError('account:self.password.mismatch');
    setError(null);
    try {
      await save.mutateAsync({
        ...(hasPassword ? { old_passwd: oldPassword } : {}),
        passwd: next,
        passwd2: repeat,
      });
      close();
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      showNotice('account:self.password.saved', 'success');
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  return (
    <div className={classes.selfRow} data-testid="password-row">
      <div className={classes.selfRowHead}>
        <div>
          <Text fw={600}>{t('self.password.title')}</Text>
          <Text c="gray.7" size="sm">
            {hasPassword ? t('self.password.isSet') : t('self.password.notSet')}
          </Text>
        </div>
        {!open && (
          <Button variant="light" size="sm" onClick={() => setOpen(true)}>
            {hasPassword ? t('self.password.change') : t('self.password.set')}
          </Button>
        )}
      </div>
      {open && (
        <form className={classes.selfForm} onSubmit={(e) => void submit(e)} noValidate>
          {hasPassword && (
            <PasswordInput
              label={t('self.password.old')}
              autoComplete="current-password"
              value={oldPassword}
              onChange={(e) => setOld(e.currentTarget.value)}
            />
          )}
          <PasswordInput
            label={t('self.password.new')}
            description={t('self.password.rule')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('self.password.repeat')}
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {t(error)}
            </Text>
          )}
          <div className={classes.actions}>
            <Button type="submit" loading={save.isPending}>
              {t('self.save')}
            </Button>
            <Button variant="subtle" onClick={close}>
              {t('self.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function SocialRows({ profile }: { profile: ProfileResult }) {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const link = useMutation({ mutationFn: startSocialLink });
  const unlink = useMutation({ mutationFn: unlinkSocial });
  const providers = [...new Set([...profile.providers, ...profile.social.map((s) => s.provider)])];
  if (providers.length === 0) return null;
  const onLink = async (provider: SocialProvider) => {
    setError(null);
    try {
      const { location } = await link.mutateAsync(provider);
      window.location.assign(location);
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  const onUnlink = async (provider: SocialProvider) => {
    setError(null);
    try {
      queryClient.setQueryData(accountKeys.profile, await unlink.mutateAsync(provider));
      showNotice('account:self.social.unlinked', 'success');
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  return (
    <div className={classes.selfRow} data-testid="social-rows">
      <Text fw={600}>{t('self.social.title')}</Text>
      <ul className={classes.boundList}>
        {providers.map((provider) => {
          const linked = profile.social.find((s) => s.provider === provider);
          return (
            <li key={provider} className={classes.socialItem} data-testid={`social-${provider}`}>
              <span className={classes.boundGame}>{PROVIDER_NAMES[provider]}</span>
              <span className={classes.boundMeta}>
                {linked
                  ? t('self.social.linkedAt', {
                      date: formatUnixSeconds(linked.linked_ts, i18n.language, 'date'),
                    })
                  : t('self.social.notLinked')}
              </span>
              {linked ? (
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={() => void onUnlink(provider)}
                  loading={unlink.isPending && unlink.variables === provider}
                  aria-label={t('self.social.unlinkLabel', { provider: PROVIDER_NAMES[provider] })}
                >
                  {t('self.social.unlink')}
                </Button>
              ) : (
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() => void onLink(provider)}
                  loading={link.isPending && link.variables === provider}
                  aria-label={t('self.social.linkLabel', { provider: PROVIDER_NAMES[provider] })}
                >
                  {t('self.social.link')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <Text c="red.9" size="sm" role="alert">
          {t(error)}
        </Text>
      )}
    </div>
  );
}

/** The outcome of a link round trip (`?social_link=`), shown once and removed from the URL. */
function useLinkOutcome(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const raw = params.get(SOCIAL_LINK_PARAM);
  useEffect(() => {
    if (raw === null) return;
    const outcome = socialLinkOutcomeSchema.safeParse(raw);
    if (outcome.success)
      showNotice(
        `account:self.social.outcome.${outcome.data}`,
        outcome.data === 'linked' ? 'success' : 'error',
      );
    void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
    const next = new URLSearchParams(params);
    next.delete(SOCIAL_LINK_PARAM);
    setParams(next, { replace: true });
  }, [raw, params, setParams, queryClient]);
}

export function SignInSection() {
  const { t } = useTranslation('account');
  const profile = useQuery(profileQuery());
  useLinkOutcome();
  return (
    <Card title={t('self.title')} testId="sign-in-section">
      {profile.isPending ? (
        <Skeleton height={120} aria-label={t('common:a11y.loading')} />
      ) : profile.isError ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : (
        <div className={classes.selfRows}>
          <ContactRow channel="email" profile={profile.data} />
          <ContactRow channel="phone" profile={profile.data} />
          <PasswordRow hasPassword={profile.data.has_password} />
          <SocialRows profile={profile.data} />
        </div>
      )}
    </Card>
  );
}

export function DevicesSection() {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery());
  const end = useMutation({ mutationFn: endDeviceSession });
  const [error, setError] = useState<string | null>(null);
  const onEnd = async (id: number) => {
    setError(null);
    try {
      const r = await end.mutateAsync(id);
      if (r.current) {
        endSession();
        void navigate('/');
        return;
      }
      showNotice('account:self.devices.ended', 'success');
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  return (
    <Card title={t('self.devices.title')} testId="devices-section">
      {sessions.isPending ? (
        <Skeleton height={80} aria-label={t('common:a11y.loading')} />
      ) : sessions.isError ? (
        <LoadFailed onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className={classes.boundList} data-testid="devices">
          {sessions.data.list.map((d) => (
            <li key={d.id} className={classes.deviceItem}>
              <span className={classes.boundGame}>
                {d.browser || d.os
                  ? [d.browser, d.os].filter(Boolean).join(' · ')
                  : t('self.devices.unknown')}
                {d.current && (
                  <span className={classes.currentBadge}>{t('self.devices.current')}</span>
                )}
              </span>
              <span className={classes.boundMeta}>
                {t('self.devices.lastSeen', {
                  date: formatUnixSeconds(d.last_seen_ts, i18n.language, 'dateShortTime'),
                })}
                {d.ip ? ` · ${d.ip}` : ''}
              </span>
              <span className={classes.boundMeta}>
                {t('self.devices.since', {
                  date: formatUnixSeconds(d.created_ts, i18n.language, 'date'),
                })}
              </span>
              <Button
                className={classes.deviceEnd}
                variant="default"
                size="compact-sm"
                onClick={() => void onEnd(d.id)}
                loading={end.isPending && end.variables === d.id}
              >
                {d.current ? t('self.devices.endCurrent') : t('self.devices.end')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <Text c="red.9" size="sm" role="alert">
          {t(error)}
        </Text>
      )}
    </Card>
  );
}

function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataSection() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const profile = useQuery(profileQuery());
  const download = useMutation({ mutationFn: downloadMyData });
  const remove = useMutation({ mutationFn: requestDeletion });
  const [deleting, setDeleting] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hasPassword = profile.data?.has_password ?? true;
  const account = profile.data?.account ?? '';

  const onDownload = async () => {
    setError(null);
    try {
      saveFile(await download.mutateAsync());
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };
  const onDelete = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const r = await remove.mutateAsync({
        confirm: confirm.trim(),
        ...(hasPassword ? { passwd: password } : {}),
      });
      // Every session ended with the request: sign out here, then say when the erasure is due.
      const date = formatUnixSeconds(r.erase_ts, i18n.language, 'date');
      // The token is dead: stop sending it at once (calls with it would answer 203), leave the
      // account page (ending the session on it would send the visitor to login), then sign out.
      storage.removeToken();
      await navigate('/');
      endSession();
      showNotice('account:self.delete.done', 'warning', { date });
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };

  return (
    <Card title={t('self.data.title')} testId="data-section">
      <div className={classes.selfRow}>
        <Text size="sm" c="gray.7">
          {t('self.data.intro')}
        </Text>
        <div className={classes.actions}>
          <Button variant="default" onClick={() => void onDownload()} loading={download.isPending}>
            {t('self.data.download')}
          </Button>
        </div>
      </div>
      <div className={classes.selfRow} data-testid="delete-account">
        <Text fw={600}>{t('self.delete.title')}</Text>
        <Text size="sm" c="gray.7">
          {t('self.delete.intro')}
        </Text>
        {!deleting ? (
          <div className={classes.actions}>
            <Button variant="outline" color="red" onClick={() => setDeleting(true)}>
              {t('self.delete.start')}
            </Button>
          </div>
        ) : (
          <form className={classes.selfForm} onSubmit={(e) => void onDelete(e)} noValidate>
            <TextInput
              label={t('self.delete.confirm', { account })}
              autoComplete="off"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            {hasPassword && (
              <PasswordInput
                label={t('self.password.old')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            )}
            <div className={classes.actions}>
              <Button
                type="submit"
                color="red"
                loading={remove.isPending}
                disabled={confirm.trim() === ''}
              >
                {t('self.delete.submit')}
              </Button>
              <Button variant="subtle" onClick={() => setDeleting(false)}>
                {t('self.cancel')}
              </Button>
            </div>
          </form>
        )}
      </div>
      {error && (
        <Text c="red.9" size="sm" role="alert">
          {t(error)}
        </Text>
      )}
    </Card>
  );
}
