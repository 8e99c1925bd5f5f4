import { TimeTravelScreen } from '@/features/audit/components/time-travel-screen';

/** `/audit/time-travel`: the books as they were known at a moment. */
export default function TimeTravelRoute() {
  return <TimeTravelScreen />;
}
