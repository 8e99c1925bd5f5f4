import { Button } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/**
 * `/wallet` (a route of the spec). Wallets are not offered yet, and the navigation does
 * not link here; a bookmarked address says so plainly and points to where plans are paid.
 */
export default function WalletRoute() {
  return (
    <ContentLayout title="Wallet">
      <EmptyState
        icon={<IconWallet size={24} stroke={1.6} />}
        title="Wallets are not available"
        description="Ledgerline does not keep wallets yet. Plans are paid by card or mobile provider on the License page."
        action={
          <Button component={Link} to={paths.license} variant="light">
            Go to License
          </Button>
        }
      />
    </ContentLayout>
  );
}
