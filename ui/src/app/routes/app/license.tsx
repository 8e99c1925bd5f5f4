import { LicenseScreen } from '@/features/billing/components/license-screen';

/** `/license`: plans, upgrade and the organization's subscription (spec §2). */
export default function LicenseRoute() {
  return <LicenseScreen />;
}
