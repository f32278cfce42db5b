import { describe, expect, it } from 'vitest';
import { buildDeviceInfo, classifyDevice } from './device.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const facts = (userAgent: string, maxTouchPoints = 0) => ({
  userAgent,
  maxTouchPoints,
  screenWidth: 1920,
  screenHeight: 1080,
});

describe('classifyDevice', () => {
  it('lets desktops and laptops through', () => {
    expect(classifyDevice(facts(UA.chromeWindows))).toEqual({ blocked: false });
    expect(classifyDevice(facts(UA.safariMac))).toEqual({ blocked: false });
    expect(classifyDevice(facts(UA.firefoxLinux))).toEqual({ blocked: false });
  });
  it('blocks phones', () => {
    expect(classifyDevice(facts(UA.iphone, 5)).blocked).toBe(true);
    expect(classifyDevice(facts(UA.ipod, 5)).blocked).toBe(true);
    expect(classifyDevice(facts(UA.androidPhone, 5)).blocked).toBe(true);
  });
  it('blocks tablets', () => {
    expect(classifyDevice(facts(UA.ipad, 5)).blocked).toBe(true);
    expect(classifyDevice(facts(UA.androidTablet, 5)).blocked).toBe(true);
  });
  it('blocks an iPad that reports itself as a Mac but has touch', () => {
    expect(classifyDevice(facts(UA.safariMac, 5))).toEqual({ blocked: true, reason: 'ipad-as-mac' });
  });
  it('does not block a Mac with a single touch point (a trackpad reports none)', () => {
    expect(classifyDevice(facts(UA.safariMac, 0)).blocked).toBe(false);
  });
});

describe('buildDeviceInfo', () => {
  it('records os, browser, mobile, the form fields and the screen', () => {
    expect(buildDeviceInfo(facts(UA.chromeWindows), { social: 'https://x.example/a', gender: 'Female' })).toEqual({
      os: { name: 'Windows', version: '10' },
      browser: { name: 'Chrome', major: '131', version: '131.0.0.0' },
      mobile: false,
      social: 'https://x.example/a',
      gender: 'Female',
      screen: '1920 x 1080',
    });
  });
  it('marks a phone as mobile', () => {
    expect(buildDeviceInfo(facts(UA.androidPhone, 5), { social: '', gender: '' }).mobile).toBe(true);
  });
});
