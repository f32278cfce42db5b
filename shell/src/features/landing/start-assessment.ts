import {
  buildDeviceInfo,
  type ConfirmationFormValues,
  type DeviceFacts,
  GENDER_OPTIONS,
  type RegistrationPayload,
  type TestDefinition,
  trimConfirmationForm,
  WORK_EXPERIENCE_OPTIONS,
  wireInvitationField,
  wireSessionRef,
} from '@assessment/core';
import type { SessionData } from '@assessment/react';

export interface StartInput {
  test: TestDefinition;
  testId: string;
  /** The personal invitation's token; null for the open link. */
  invitationToken: string | null;
  /** The personal invitation's extra quiz time, as the server said on the landing page. */
  extraTimePercent: number | null;
  form: ConfirmationFormValues;
  session: SessionData;
  device: DeviceFacts;
  now: number;
  newSessionId: () => string;
  newSessionKey: () => string;
}

export interface StartResult {
  session: Partial<SessionData>;
  /** Another invitation link than the one stored: a new attempt, so every section starts afresh. */
  newSession: boolean;
  registration: RegistrationPayload;
}

/**
 * What "Agree & start" saves and sends. Agreeing again for the same invitation link (after a
 * reload, or to fix a typo in the form) keeps the session id and the start time: the quiz timer
 * cannot be restarted by re-submitting the form. A personal link and the open link of the same
 * test are different invitations.
 */
export function startAssessment({
  test,
  testId,
  invitationToken,
  extraTimePercent,
  form,
  session,
  device,
  now,
  newSessionId,
  newSessionKey,
}: StartInput): StartResult {
  const values = trimConfirmationForm(form);
  const { workExperience } = values;
  if (workExperience === '') throw new Error('startAssessment needs a validated form');
  const sameInvite = session.testId === testId && session.invitationToken === invitationToken;
  const keepSession = sameInvite && session.sessionId !== null && session.sessionKey !== null;
  const sessionId = keepSession && session.sessionId ? session.sessionId : newSessionId();
  const sessionKey = keepSession && session.sessionKey ? session.sessionKey : newSessionKey();
  const startTime = sameInvite && session.startTime !== null ? session.startTime : now;
  const deviceInfo = buildDeviceInfo(device, values);

  return {
    session: {
      testId,
      email: values.email,
      fullName: values.fullName,
      social: values.social,
      gender: values.gender,
      workExperience: values.workExperience,
      declaration: true,
      term: true,
      startTime,
      invitationToken,
      extraTimePercent,
      // Before `sessionId`: stored first, so storage never holds a session id without its key.
      sessionKey,
      sessionId,
    },
    newSession: !sameInvite,
    registration: {
      name: values.fullName,
      email: values.email,
      company: `${test.companyName} ${JSON.stringify(deviceInfo)}`,
      ...wireSessionRef({ sessionId, testId }),
      fullName: values.fullName,
      workExperience,
      social: values.social,
      gender: values.gender,
      declaration: true,
      startTime,
      deviceInfo,
      ...(invitationToken === null ? {} : wireInvitationField(invitationToken)),
    },
  };
}

/** The form as it was agreed last time, so a returning candidate does not type it again. */
export function prefillFromSession(session: SessionData): ConfirmationFormValues | undefined {
  if (!session.email) return undefined;
  const workExperience = oneOf(WORK_EXPERIENCE_OPTIONS, session.workExperience);
  const gender = oneOf(GENDER_OPTIONS, session.gender);
  return {
    email: session.email,
    fullName: session.fullName,
    workExperience,
    social: session.social,
    gender,
    declaration: true,
  };
}

function oneOf<T extends string>(options: readonly T[], value: string): T | '' {
  return (options as readonly string[]).includes(value) ? (value as T) : '';
}
