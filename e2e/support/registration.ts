import type { RegistrationPayload } from '@assessment/core';

/** A registration as the landing page sends it, for a candidate made up by a test. */
export function registrationPayload(
  sessionId: string,
  testId: string,
  overrides: Partial<RegistrationPayload> = {},
): RegistrationPayload {
  const deviceInfo = {
    os: { name: 'Linux', version: '' },
    browser: { name: 'Chromium', major: '140', version: '140.0.1' },
    mobile: false,
    social: 'https://social.example/grace',
    gender: '',
    screen: '1920 x 1080',
  };
  return {
    unique: sessionId,
    data: testId,
    name: 'Grace Hopper',
    email: 'grace@hopper.example',
    company: `Company${JSON.stringify(deviceInfo)}`,
    fullName: 'Grace Hopper',
    workExperience: '7+ Years',
    social: 'https://social.example/grace',
    gender: '',
    declaration: true,
    startTime: Date.now(),
    deviceInfo,
    ...overrides,
  };
}
