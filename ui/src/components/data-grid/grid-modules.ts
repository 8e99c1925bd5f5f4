/**
 * ag-grid 36 ships as modules: a feature works only if its module is registered before the
 * first grid renders (otherwise it degrades silently and logs error #200). Registered once
 * here, listing only what our grids use, so the bundle does not carry the whole library.
 */
import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CsvExportModule,
  DateFilterModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  ScrollApiModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    InfiniteRowModelModule,
    CellApiModule,
    ColumnApiModule,
    ColumnAutoSizeModule,
    CsvExportModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    PinnedRowModule,
    RowStyleModule,
    CellStyleModule,
    RenderApiModule,
    RowApiModule,
    ScrollApiModule,
    TooltipModule,
    // Development only: names the missing module instead of failing silently.
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}
