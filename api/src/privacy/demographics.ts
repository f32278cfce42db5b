import type { registrationSchema } from '@assessment/core';
import type { z } from 'zod';

type Registration = Omit<z.output<typeof registrationSchema>, 'invitation'>;
type DeviceInfo = Registration['deviceInfo'];

/**
 * A registration as it is kept with the candidate's session: without the demographic answer,
 * which the form promises reaches no recruiter or hiring manager and is used only in aggregate.
 */
export type StoredRegistration = Omit<Registration, 'gender' | 'deviceInfo'> & {
  deviceInfo: Omit<DeviceInfo, 'gender'>;
};

/** What the candidate answered to the optional question: one of the form's options, or '' for none. */
export type Gender = Registration['gender'];

/**
 * Splits a registration into what is stored with the session and the demographic answer, which is
 * kept apart for aggregate counts only. The browser sends the answer in three places: the field,
 * the device record, and the device JSON inside `company`. The first two are left out, and
 * `company` is written again as the wire defines it (the test's company name, a space, the device
 * JSON) from the device record without it, so no copy survives in text the browser wrote.
 */
export function splitDemographics(
  registration: Registration,
  companyName: string,
): { details: StoredRegistration; gender: Gender } {
  const { gender, deviceInfo, company: _company, ...rest } = registration;
  const { gender: _deviceGender, ...device } = deviceInfo;
  return { details: { ...rest, company: `${companyName} ${JSON.stringify(device)}`, deviceInfo: device }, gender };
}

/**
 * A registration stored before the demographic answer was kept apart, cleaned as `splitDemographics`
 * cleans a new one (the migrations run this once over every stored registration). The answer is
 * taken from the field, else from the device record; `company` is written again from the cleaned
 * device record and the test's company name (the text before the JSON when the test is unknown).
 */
export function cleanStoredRegistration(
  payload: Record<string, unknown>,
  companyName: string | undefined,
): { payload: Record<string, unknown>; gender: string } {
  const { gender, deviceInfo, company, ...rest } = payload;
  const device = deviceInfo && typeof deviceInfo === 'object' ? { ...(deviceInfo as Record<string, unknown>) } : {};
  const deviceGender = device.gender;
  delete device.gender;
  const answer = [gender, deviceGender].find((value): value is string => typeof value === 'string' && value !== '');
  const name = companyName ?? (typeof company === 'string' ? company.split('{')[0]?.trimEnd() : '') ?? '';
  return {
    payload: { ...rest, company: `${name} ${JSON.stringify(device)}`, deviceInfo: device },
    gender: answer ?? '',
  };
}
