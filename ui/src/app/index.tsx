import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';

import { registerNavigator } from '@/lib/navigation';

import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  useEffect(() => {
    registerNavigator((to, options) => void router.navigate(to, options));
    return () => registerNavigator(null);
  }, []);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
