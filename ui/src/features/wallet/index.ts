/** The wallet feature: what other features and routes may use. */
export { WalletScreen } from './components/wallet-screen';
export { getWallets, payPlanFromWallet, revalidateWallets } from './api/wallet';
