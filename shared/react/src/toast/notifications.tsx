import { ToastContainer, type ToastOptions, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { DEVICE_BLOCKED_MESSAGE } from '@assessment/core';

/**
 * The page's one notification area, mounted by the shell (or a remote's standalone harness).
 * The unstyled build is used because the default one injects a <style> tag at run time,
 * which the Content-Security-Policy (no inline styles) rightly refuses; the CSS file is bundled instead.
 */
export function NotificationArea() {
  return <ToastContainer position="bottom-center" autoClose={6000} newestOnTop limit={4} role="status" />;
}

/** Section 2 (video) shows its banners and toasts bottom right. */
export const SECTION_TOAST: ToastOptions = { position: 'bottom-right', autoClose: 6000 };

/** Persistent and closable, top right, shown once however often the gate runs. */
export function showDeviceBlockedToast(): void {
  toast.error(DEVICE_BLOCKED_MESSAGE, {
    toastId: 'device-blocked',
    position: 'top-right',
    autoClose: false,
    closeOnClick: false,
    draggable: false,
  });
}

export { toast };
