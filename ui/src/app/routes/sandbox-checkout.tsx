import { SandboxCheckoutScreen } from '@/features/billing/components/sandbox-checkout-screen';

/** `/sandbox-checkout/:txRef`: the sandbox payment provider's checkout (public). */
export default function SandboxCheckoutRoute() {
  return <SandboxCheckoutScreen />;
}
