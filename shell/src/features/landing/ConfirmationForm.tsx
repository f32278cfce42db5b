import {
  type ConfirmationErrors,
  type ConfirmationField,
  type ConfirmationFormValues,
  DECLARATION_STATEMENT,
  EMPTY_CONFIRMATION_FORM,
  FIELD_LIMITS,
  GENDER_OPTIONS,
  hasErrors,
  invitePath,
  inviteSegment,
  newSessionKey,
  SECTIONS,
  sameEmail,
  type TestDefinition,
  validateConfirmationForm,
  WORK_EXPERIENCE_OPTIONS,
} from '@assessment/core';
import { currentDeviceFacts, type InviteLink, postRegistration, sessionStore } from '@assessment/react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LandingInvitation } from '../invite/invitation-decision.ts';
import { SelectField, TextField } from './FormFields.tsx';
import { prefillFromSession, startAssessment } from './start-assessment.ts';
import { UNFINISHED_NOTICE_ID, UnfinishedAssessmentNotice } from './UnfinishedAssessmentNotice.tsx';
import { unfinishedOtherAssessment } from './unfinished-elsewhere.ts';
import { useDeviceGate } from './useDeviceGate.ts';

/** What the form says first to a candidate coming back on their personal link. */
function returningNote(invitation: LandingInvitation | null): string {
  if (invitation?.finishedHere) {
    return 'You completed this assessment in this browser. What you submitted stays as it is. ';
  }
  if (invitation?.startedHere) {
    return 'You already started this assessment in this browser. Agreeing again continues where you left off; a quiz timer you started keeps running. ';
  }
  return '';
}

/**
 * The form as it opens on a personal link: the address the invitation was sent to, and the name
 * the company invited unless this browser holds the name that person gave before (theirs to
 * correct, as the name stays editable).
 */
function withInvitation(
  prefilled: ConfirmationFormValues,
  invitation: LandingInvitation | null,
): ConfirmationFormValues {
  if (invitation?.email == null) return prefilled;
  const samePerson = prefilled.email !== '' && sameEmail(prefilled.email, invitation.email);
  const fullName = samePerson && prefilled.fullName ? prefilled.fullName : (invitation.name ?? '');
  return { ...prefilled, email: invitation.email, fullName };
}

const FIELD_ORDER: ConfirmationField[] = ['email', 'fullName', 'workExperience', 'social', 'gender', 'declaration'];

interface Props {
  test: TestDefinition;
  link: InviteLink;
  invitation: LandingInvitation | null;
}

export function ConfirmationForm({ test, link, invitation }: Props) {
  const { testId, invitationToken } = link;
  const lastSegment = SECTIONS.sections.at(-1)?.segment;
  const navigate = useNavigate();
  const isBlocked = useDeviceGate();
  // A personal link is for the address it was sent to: the server takes no other.
  const invitedEmail = invitation?.email ?? null;
  const [values, setValues] = useState<ConfirmationFormValues>(() =>
    withInvitation(prefillFromSession(sessionStore.getState()) ?? EMPTY_CONFIRMATION_FORM, invitation),
  );
  // Decided as the page opens: agreeing here replaces that session, and leaves the page.
  const [otherAssessment] = useState(() =>
    unfinishedOtherAssessment(sessionStore.getState(), link, sessionStore.isSectionFinished(SECTIONS.sections.at(-1))),
  );
  const [errors, setErrors] = useState<ConfirmationErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const rules = { requireGender: test.requireGender === true };

  function change<K extends ConfirmationField>(field: K, value: ConfirmationFormValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateConfirmationForm(next, rules));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const found = validateConfirmationForm(values, rules);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(`confirm-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    if (isBlocked()) {
      setSubmitting(false);
      return;
    }
    // A session of this link set aside here is put back first: agreeing then continues it.
    sessionStore.continueEarlierSession(link);
    const { session, newSession, registration } = startAssessment({
      test,
      testId,
      invitationToken,
      extraTimePercent: invitation?.extraTimePercent ?? null,
      form: values,
      session: sessionStore.getState(),
      device: currentDeviceFacts(),
      now: Date.now(),
      newSessionId: () => crypto.randomUUID(),
      newSessionKey,
    });
    const store = sessionStore.getState();
    if (newSession) store.startNewSession(session);
    else store.update(session);
    postRegistration(registration);
    navigate(invitePath(inviteSegment(testId, invitationToken), SECTIONS.first.segment));
  }

  return (
    <form className="confirmation-form" onSubmit={onSubmit} noValidate aria-describedby="confirm-intro">
      <p id="confirm-intro">
        {returningNote(invitation)}
        Confirm who you are to start. Fields marked optional may be left empty.
      </p>
      {invitation?.finishedHere && lastSegment && (
        <p>
          <Link to={invitePath(inviteSegment(testId, invitationToken), lastSegment)}>
            See the end of your assessment and its summary again
          </Link>
        </p>
      )}
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_LIMITS.email}
        readOnly={invitedEmail !== null}
        hint={
          invitedEmail !== null ? 'Your invitation was sent to this address, so it cannot be changed here.' : undefined
        }
        value={values.email}
        error={errors.email}
        onChange={(value) => change('email', value)}
      />
      <TextField
        name="fullName"
        label="Full Name"
        autoComplete="name"
        maxLength={FIELD_LIMITS.fullName}
        value={values.fullName}
        error={errors.fullName}
        onChange={(value) => change('fullName', value)}
      />
      <SelectField
        name="workExperience"
        label="Work Experience"
        placeholder="Select your experience"
        options={WORK_EXPERIENCE_OPTIONS}
        value={values.workExperience}
        error={errors.workExperience}
        onChange={(value) => change('workExperience', value as ConfirmationFormValues['workExperience'])}
      />
      <TextField
        name="social"
        label="Social Link"
        hint="A professional profile or portfolio address."
        autoComplete="url"
        maxLength={FIELD_LIMITS.social}
        value={values.social}
        error={errors.social}
        onChange={(value) => change('social', value)}
      />
      <SelectField
        name="gender"
        label={rules.requireGender ? 'Gender' : 'Gender (optional)'}
        hint="This information is confidential. It is not shared with recruiters or hiring managers, is not used in hiring decisions, and is only used in aggregate."
        placeholder={rules.requireGender ? 'Select your gender' : 'Prefer not to say'}
        options={GENDER_OPTIONS}
        value={values.gender}
        error={errors.gender}
        onChange={(value) => change('gender', value as ConfirmationFormValues['gender'])}
      />
      <div className="form-field form-field-checkbox">
        <input
          id="confirm-declaration"
          name="declaration"
          type="checkbox"
          checked={values.declaration}
          aria-invalid={Boolean(errors.declaration)}
          aria-describedby={errors.declaration ? 'confirm-declaration-error' : undefined}
          onChange={(e) => change('declaration', e.target.checked)}
        />
        <label htmlFor="confirm-declaration">{DECLARATION_STATEMENT}</label>
        {errors.declaration && (
          <p id="confirm-declaration-error" className="field-error">
            {errors.declaration}
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {attempted && hasErrors(errors) ? `${Object.keys(errors).length} fields need your attention.` : ''}
      </p>
      {otherAssessment && <UnfinishedAssessmentNotice other={otherAssessment} />}
      <button
        type="submit"
        className="button button-primary"
        disabled={submitting}
        aria-busy={submitting}
        aria-describedby={otherAssessment ? UNFINISHED_NOTICE_ID : undefined}
      >
        {submitting && <span className="spinner" aria-hidden="true" />}
        Agree &amp; start
      </button>
    </form>
  );
}
