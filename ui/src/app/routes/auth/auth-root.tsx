import { Outlet } from 'react-router-dom';

import { AuthLayout } from '@/components/layouts/auth-layout';

export default function AuthRoot() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
