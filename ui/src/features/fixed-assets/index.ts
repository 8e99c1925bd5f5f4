/** The asset schedule screen: the fixed-asset register, depreciation runs and the
 *  period's fixed-asset schedule checked against the general ledger. */
export { AssetScheduleScreen } from './components/asset-schedule-screen';
