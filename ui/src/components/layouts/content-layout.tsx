import { Box } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

import { PageHeader } from './page-header';

type ContentLayoutProps = {
  title: string;
  caption?: ReactNode;
  back?: boolean;
  actions?: ReactNode;
  children: ReactNode;
};

/** A page of the app: header plus a padded body; also sets the document title. */
export function ContentLayout({ title, caption, back, actions, children }: ContentLayoutProps) {
  useDocumentTitle(`${title} · Ledgerline`);
  return (
    <>
      <PageHeader title={title} caption={caption} back={back} actions={actions} />
      <Box component="section" px={32} py={28} maw={1280}>
        {children}
      </Box>
    </>
  );
}
