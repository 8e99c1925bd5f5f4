import { Navigate } from 'react-router-dom';

import { preferredServiceHome } from '@/app/startup';
import { storage } from '@/lib/storage';

/** `/` inside the main layout: the preferred service's home (the guard usually gets there first). */
export default function ServiceHome() {
  return <Navigate to={preferredServiceHome(storage.getPreferredService())} replace />;
}
