import { notifications } from '@mantine/notifications';

/** Spec §9: toasts close after 5000 ms by default; the product's own after 3000 ms. */
export const TOAST_AUTO_CLOSE_DEFAULT_MS = 5000;
export const TOAST_AUTO_CLOSE_PRODUCT_MS = 3000;
/** Spec §9: toasts are at most 300 px wide, bottom-right. */
export const TOAST_WIDTH_MAX_PX = 300;
export const TOAST_POSITION = 'bottom-right' as const;

export type ToastOptions = {
  /** Override the product's 3000 ms where a screen asks for 5000 ms (spec §2). */
  autoCloseMs?: number;
  title?: string;
};

/** The product's toasts: titled 'Success' or 'Error' (spec §8). */
export const notify = {
  success(message: string, options: ToastOptions = {}): void {
    notifications.show({
      title: options.title ?? 'Success',
      message,
      color: 'teal',
      autoClose: options.autoCloseMs ?? TOAST_AUTO_CLOSE_PRODUCT_MS,
    });
  },
  error(message: string, options: ToastOptions = {}): void {
    notifications.show({
      title: options.title ?? 'Error',
      message,
      color: 'red',
      autoClose: options.autoCloseMs ?? TOAST_AUTO_CLOSE_PRODUCT_MS,
    });
  },
  /** A neutral toast with its own title, e.g. the payment 'Notice' (spec §8). */
  info(title: string, message: string, options: ToastOptions = {}): void {
    notifications.show({
      title,
      message,
      color: 'indigo',
      autoClose: options.autoCloseMs ?? TOAST_AUTO_CLOSE_PRODUCT_MS,
    });
  },
};
