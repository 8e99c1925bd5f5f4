import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { MobileNotice } from '@/components/ui/mobile-notice';
import { storage } from '@/lib/storage';

import {
  MOBILE_BREAKPOINT_PX,
  isMobileFriendlyPath,
  isMobileNoticeExempt,
  markStartNavigationDone,
  startRedirect,
} from './startup';

/**
 * The root route's element: applies the start-up redirects on every location change and
 * shows the small-screen notice where the spec asks for it: in place of the app (with
 * "Continue anyway"), or as a banner above the pages finished on a phone.
 */
export function StartGuard() {
  const { pathname } = useLocation();
  const isSmall = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [dismissed, setDismissed] = useState(storage.getMobileNoticeDismissed);
  const continueAnyway = () => {
    storage.setMobileNoticeDismissed();
    setDismissed(true);
  };
  const target = startRedirect({
    pathname,
    token: storage.getToken(),
    preferredService: storage.getPreferredService(),
  });

  useEffect(() => {
    if (!target) markStartNavigationDone();
  }, [target]);

  if (target) return <Navigate to={target} replace />;
  if (!isSmall || dismissed || isMobileNoticeExempt(pathname)) return <Outlet />;
  if (isMobileFriendlyPath(pathname)) {
    return (
      <>
        <MobileNotice banner onContinue={continueAnyway} />
        <Outlet />
      </>
    );
  }
  return <MobileNotice onContinue={continueAnyway} />;
}
