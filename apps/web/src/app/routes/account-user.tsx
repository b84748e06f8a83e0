// /main/account/user (docs/product/account.md#account-screen): account info, HC Point balance, real-name info,
// and logout behind the product's confirm "Do you want to log out of the current account?".
import { AccountUserPage } from '../../features/account/components/account-user-page';
import { LogoutDialog } from '../../features/session/components/logout-dialog';
import { useLogout } from '../../features/session/hooks/use-logout';

export function Component() {
  const logout = useLogout();
  return (
    <>
      <AccountUserPage onLogout={logout.ask} />
      <LogoutDialog
        opened={logout.confirming}
        pending={logout.pending}
        onCancel={logout.cancel}
        onConfirm={logout.confirm}
      />
    </>
  );
}
