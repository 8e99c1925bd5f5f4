import { Outlet } from 'react-router-dom';

import { BareLayout } from '@/components/layouts/bare-layout';

/** `workspace/*`: the bare layout without side navigation. */
export default function WorkspaceRoot() {
  return (
    <BareLayout>
      <Outlet />
    </BareLayout>
  );
}
