import { WalletScreen } from '@/features/wallet';

/** `/wallet` (spec §2): the organization's wallets, cards and transactions. */
export default function WalletRoute() {
  return <WalletScreen />;
}
