/**
 * The chart library's parts the app draws with, from one module: the screens' charts
 * import them from here, and the warm-up (`app/warm-up`) loads this module in idle time,
 * so a screen with a chart finds the library compiled. Naming the parts (not the whole
 * library) keeps the bundle to what is drawn.
 */
export {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
