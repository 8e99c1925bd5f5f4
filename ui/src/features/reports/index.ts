/**
 * Generated reports, as other features may use them: the "Download" menu a statement's
 * screen offers (through the report generator), and the kinds and formats.
 */
export { DownloadMenu } from './components/download-menu';
export type { ReportFormat, ReportKind, ReportRequest } from './lib/report-kinds';
