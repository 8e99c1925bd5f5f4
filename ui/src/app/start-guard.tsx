import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { MobileNotice } from '@/components/ui/mobile-notice';
import { storage } from '@/lib/storage';

import {
  MOBILE_BREAKPOINT_PX,
  isMobileNoticeExempt,
  markStartNavigationDone,
  startRedirect,
} from './startup';

/**
 * The root route's element: applies the start-up redirects on every location change and
 * replaces the app with the small-screen notice where the spec asks for it.
 */
export function StartGuard() {
  const { pathname } = useLocation();
  const isSmall = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`, false, {
    getInitialValueInEffect: false,
  });
  const target = startRedirect({
    pathname,
    token: storage.getToken(),
    preferredService: storage.getPreferredService(),
  });

  useEffect(() => {
    if (!target) markStartNavigationDone();
  }, [target]);

  if (target) return <Navigate to={target} replace />;
  if (isSmall && !isMobileNoticeExempt(pathname)) return <MobileNotice />;
  return <Outlet />;
}
