// Keeps the router's location in step with lib/url-query: parameters already handled and removed
// from the address bar (hctoken, appleId — docs/product/sign-in.md#apple-sign-in-return) are dropped from the router's location too.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onQueryParamsRemoved, withoutConsumedParams } from '../../lib/url-query';

export function useDropConsumedParams(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const [removals, setRemovals] = useState(0);

  useEffect(() => onQueryParamsRemoved(() => setRemovals((n) => n + 1)), []);

  useEffect(() => {
    const search = withoutConsumedParams(location.search);
    if (search === null) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [location, navigate, removals]);
}
