// /main/home (docs/product/content.md#redeem-codes, docs/product/content.md#home): the landing page of features/content with the Redeem Code box
// of features/gift-codes, whose server/role picker is the top-up feature's (same cached list).
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HomePage } from '../../features/content/components/home-page';
import {
  GiftCodeBox,
  type RolePickerProps,
} from '../../features/gift-codes/components/gift-code-box';
import { ServerRolePicker } from '../../features/topup/components/server-role-picker';
import { useServerRoles } from '../../features/topup/hooks/use-server-roles';
import { useCurrentGameId, useUserInfo } from '../../lib/app-store';

function GiftCodeRolePicker({ value, onChange }: RolePickerProps) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const gameId = useCurrentGameId();
  const serverRoles = useServerRoles(gameId, user.gameAccountId);
  return (
    <>
      <ServerRolePicker
        servers={serverRoles.data}
        loading={serverRoles.isPending}
        serverId={value.serverId}
        roleId={value.roleId}
        onServerChange={(serverId) => onChange({ serverId, roleId: null })}
        onRoleChange={(roleId) => onChange({ serverId: value.serverId, roleId })}
      />
      {serverRoles.isError && !serverRoles.data ? (
        <Alert color="red" variant="light" role="alert">
          {t('info.getServerListFail')}
        </Alert>
      ) : null}
    </>
  );
}

export function Component() {
  return <HomePage redeem={<GiftCodeBox RolePicker={GiftCodeRolePicker} />} />;
}
