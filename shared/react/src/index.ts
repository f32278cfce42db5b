export * from './api/index.ts';
export * from './contract/section-contract.ts';
export * from './device/current-device.ts';
export * from './store/browser-storage.ts';
export * from './store/session-fields.ts';
export * from './store/session-store.ts';
export * from './toast/notifications.tsx';
export { focusIsFree, handFocusOver } from './ui/focus.ts';
export { useFocusOnMount } from './ui/useFocusOnMount.ts';
