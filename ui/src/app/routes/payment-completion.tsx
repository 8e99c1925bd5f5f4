import { PaymentCompletionScreen } from '@/features/billing/components/payment-completion-screen';

/** `/payment-completion`: where the payment provider returns (public). */
export default function PaymentCompletionRoute() {
  return <PaymentCompletionScreen />;
}
