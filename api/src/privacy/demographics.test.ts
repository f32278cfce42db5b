import { describe, expect, it } from 'vitest';
import { cleanStoredRegistration, splitDemographics } from './demographics.ts';

const device = {
  os: { name: 'Linux', version: '' },
  browser: { name: 'Chrome', major: '150', version: '150.0' },
  mobile: false,
  social: 'https://social.example/me',
  gender: 'Female',
  screen: '1920 x 1080',
};

describe('the demographic answer', () => {
  it('leaves the registration in all three places the browser sends it', () => {
    const { gender: _, ...deviceWithout } = device;
    const { details, gender } = splitDemographics(
      {
        unique: 'session-1',
        data: 'thd0wtfl',
        name: 'Ada',
        email: 'ada@x.example',
        company: `Solvane Markets ${JSON.stringify(device)} ["gender", "Female"]`,
        fullName: 'Ada',
        workExperience: '4-6 Years',
        social: 'https://social.example/me',
        gender: 'Female',
        declaration: true,
        startTime: 1,
        deviceInfo: device,
      },
      'Solvane Markets',
    );
    expect(gender).toBe('Female');
    expect(details.deviceInfo).toEqual(deviceWithout);
    expect(details.company).toBe(`Solvane Markets ${JSON.stringify(deviceWithout)}`);
    expect(JSON.stringify(details)).not.toMatch(/gender|Female/i);
  });
});

describe('a registration stored before the answer was kept apart', () => {
  it('is cleaned of it everywhere, and the answer comes back for the counts', () => {
    const stored = {
      unique: 'session-1',
      name: 'Ada',
      company: `Solvane Markets ${JSON.stringify(device)}`,
      gender: 'Female',
      deviceInfo: device,
    };
    const { payload, gender } = cleanStoredRegistration(stored, 'Solvane Markets');
    expect(gender).toBe('Female');
    expect(JSON.stringify(payload)).not.toMatch(/gender|Female/i);
    expect(payload.name).toBe('Ada');
    expect(cleanStoredRegistration({ ...stored, gender: '' }, undefined).gender).toBe('Female');
    expect(cleanStoredRegistration({ ...stored, gender: '' }, undefined).payload.company).toMatch(
      /^Solvane Markets \{/,
    );
    expect(cleanStoredRegistration({ name: 'Bo' }, undefined)).toEqual({
      payload: { name: 'Bo', company: ' {}', deviceInfo: {} },
      gender: '',
    });
  });
});
