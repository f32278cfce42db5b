import { UAParser } from 'ua-parser-js';

/** What the browser tells about itself; passed in so the rules are testable without a browser. */
export interface DeviceFacts {
  userAgent: string;
  /** `navigator.maxTouchPoints`: an iPad in desktop mode reports itself as a Mac but has touch. */
  maxTouchPoints: number;
  screenWidth: number;
  screenHeight: number;
}

export interface DeviceClass {
  blocked: boolean;
  /** Why it is blocked, for logs; never shown as a technical message to the candidate. */
  reason?: 'phone' | 'tablet' | 'ios' | 'android' | 'ipad-as-mac';
}

export const DEVICE_BLOCKED_MESSAGE = 'Please access the assessment from a desktop or laptop device.';

const HANDHELD_TOKENS = /iPhone|iPod|iPad|Android/i;

/** Desktop or laptop only: phones, tablets and every iOS or Android device are blocked. */
export function classifyDevice(facts: DeviceFacts): DeviceClass {
  const result = new UAParser(facts.userAgent).getResult();
  const type = result.device.type;
  if (type === 'mobile' || type === 'wearable') return { blocked: true, reason: 'phone' };
  if (type === 'tablet') return { blocked: true, reason: 'tablet' };
  const os = result.os.name ?? '';
  if (os === 'iOS') return { blocked: true, reason: 'ios' };
  if (os === 'Android') return { blocked: true, reason: 'android' };
  if (HANDHELD_TOKENS.test(facts.userAgent)) return { blocked: true, reason: 'tablet' };
  if (os === 'Mac OS' && facts.maxTouchPoints > 1) return { blocked: true, reason: 'ipad-as-mac' };
  return { blocked: false };
}

/** The device-info record sent with the registration. */
export interface DeviceInfo {
  os: { name: string; version: string };
  browser: { name: string; major: string; version: string };
  mobile: boolean;
  social: string;
  gender: string;
  screen: string;
}

export function buildDeviceInfo(facts: DeviceFacts, form: { social: string; gender: string }): DeviceInfo {
  const result = new UAParser(facts.userAgent).getResult();
  return {
    os: { name: result.os.name ?? 'unknown', version: result.os.version ?? '' },
    browser: {
      name: result.browser.name ?? 'unknown',
      major: result.browser.major ?? '',
      version: result.browser.version ?? '',
    },
    mobile: classifyDevice(facts).blocked,
    social: form.social,
    gender: form.gender,
    screen: `${facts.screenWidth} x ${facts.screenHeight}`,
  };
}
