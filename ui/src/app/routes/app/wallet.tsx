import { IconWallet } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function WalletRoute() {
  return (
    <ContentLayout title="Wallet" caption="Balances, cards and transactions">
      <EmptyState
        icon={<IconWallet size={24} stroke={1.6} />}
        title="Your wallet will appear here"
        description="Your organization's wallets, saved cards and wallet transactions will be shown here."
      />
    </ContentLayout>
  );
}
