export const WORK_EXPERIENCE_OPTIONS = ['1-3 Years', '4-6 Years', '7+ Years'] as const;
export const GENDER_OPTIONS = ['Male', 'Female', 'Other'] as const;

/**
 * The declaration a candidate agrees to on the landing page, word for word: the review page shows
 * the hiring company exactly what was agreed.
 */
export const DECLARATION_STATEMENT =
  'I agree not to copy code from any source, including colleagues, and not to use websites or AI tools for help. ' +
  'I will keep this assessment confidential and will not copy, share or disclose its content or questions.';

export type WorkExperience = (typeof WORK_EXPERIENCE_OPTIONS)[number];
export type Gender = (typeof GENDER_OPTIONS)[number];

export interface ConfirmationFormValues {
  email: string;
  fullName: string;
  workExperience: WorkExperience | '';
  social: string;
  gender: Gender | '';
  declaration: boolean;
}

export type ConfirmationField = keyof ConfirmationFormValues;
export type ConfirmationErrors = Partial<Record<ConfirmationField, string>>;

/** Limits shared with the API's registration schema, so the form never accepts what the server refuses. */
export const FIELD_LIMITS = { email: 254, fullName: 120, social: 300 } as const;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  fullNameRequired: 'Full Name is required',
  workExperienceRequired: 'Work Experience is required',
  socialRequired: 'Social Link is required',
  genderRequired: 'Your Gender is required',
  declarationRequired: 'You must agree to the declaration statement',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

export const EMPTY_CONFIRMATION_FORM: ConfirmationFormValues = {
  email: '',
  fullName: '',
  workExperience: '',
  social: '',
  gender: '',
  declaration: false,
};

// Deliberately loose: one @, something on each side, a dot in the domain. Stricter checks reject real addresses.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function trimConfirmationForm(values: ConfirmationFormValues): ConfirmationFormValues {
  return {
    ...values,
    email: values.email.trim(),
    fullName: values.fullName.trim(),
    social: values.social.trim(),
  };
}

/** Errors keyed by field, in form order; an empty object means the form is valid. Values are trimmed first. */
export function validateConfirmationForm(
  raw: ConfirmationFormValues,
  options: { requireGender?: boolean } = {},
): ConfirmationErrors {
  const values = trimConfirmationForm(raw);
  const errors: ConfirmationErrors = {};

  if (values.email === '') errors.email = MESSAGES.emailRequired;
  else if (values.email.length > FIELD_LIMITS.email) errors.email = MESSAGES.tooLong('Email', FIELD_LIMITS.email);
  else if (!EMAIL_SHAPE.test(values.email)) errors.email = MESSAGES.emailInvalid;

  if (values.fullName === '') errors.fullName = MESSAGES.fullNameRequired;
  else if (values.fullName.length > FIELD_LIMITS.fullName)
    errors.fullName = MESSAGES.tooLong('Full Name', FIELD_LIMITS.fullName);

  if (!(WORK_EXPERIENCE_OPTIONS as readonly string[]).includes(values.workExperience)) {
    errors.workExperience = MESSAGES.workExperienceRequired;
  }

  if (values.social === '') errors.social = MESSAGES.socialRequired;
  else if (values.social.length > FIELD_LIMITS.social)
    errors.social = MESSAGES.tooLong('Social Link', FIELD_LIMITS.social);

  if (options.requireGender && !(GENDER_OPTIONS as readonly string[]).includes(values.gender)) {
    errors.gender = MESSAGES.genderRequired;
  }

  if (!values.declaration) errors.declaration = MESSAGES.declarationRequired;
  return errors;
}

export function hasErrors(errors: ConfirmationErrors): boolean {
  return Object.keys(errors).length > 0;
}
