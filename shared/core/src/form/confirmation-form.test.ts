import { describe, expect, it } from 'vitest';
import {
  type ConfirmationFormValues,
  EMPTY_CONFIRMATION_FORM,
  hasErrors,
  trimConfirmationForm,
  validateConfirmationForm,
} from './confirmation-form.ts';

const valid: ConfirmationFormValues = {
  email: 'ada@lovelace.example',
  fullName: 'Ada Lovelace',
  workExperience: '4-6 Years',
  social: 'https://social.example/ada',
  gender: '',
  declaration: true,
};

describe('validateConfirmationForm', () => {
  it('reports every required field with the exact messages, in form order', () => {
    const errors = validateConfirmationForm(EMPTY_CONFIRMATION_FORM);
    expect(errors).toEqual({
      email: 'Email is required',
      fullName: 'Full Name is required',
      workExperience: 'Work Experience is required',
      social: 'Social Link is required',
      declaration: 'You must agree to the declaration statement',
    });
    expect(Object.keys(errors)).toEqual(['email', 'fullName', 'workExperience', 'social', 'declaration']);
  });

  it('accepts a complete form with gender left out', () => {
    expect(validateConfirmationForm(valid)).toEqual({});
    expect(hasErrors(validateConfirmationForm(valid))).toBe(false);
  });

  it('treats whitespace-only values as missing', () => {
    const errors = validateConfirmationForm({ ...valid, email: '   ', fullName: '\t', social: ' ' });
    expect(errors).toEqual({
      email: 'Email is required',
      fullName: 'Full Name is required',
      social: 'Social Link is required',
    });
  });

  it('requires gender only when the test asks for it', () => {
    expect(validateConfirmationForm(valid, { requireGender: true })).toEqual({ gender: 'Your Gender is required' });
    expect(validateConfirmationForm({ ...valid, gender: 'Other' }, { requireGender: true })).toEqual({});
  });

  it('refuses an address without @ or domain', () => {
    expect(validateConfirmationForm({ ...valid, email: 'ada' }).email).toBe('Please enter a valid email address');
    expect(validateConfirmationForm({ ...valid, email: 'ada@example' }).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('caps the lengths the API also caps', () => {
    expect(validateConfirmationForm({ ...valid, fullName: 'a'.repeat(121) }).fullName).toBe(
      'Full Name must be at most 120 characters',
    );
    expect(validateConfirmationForm({ ...valid, social: 'a'.repeat(301) }).social).toBe(
      'Social Link must be at most 300 characters',
    );
  });

  it('refuses a work experience outside the three options', () => {
    expect(validateConfirmationForm({ ...valid, workExperience: '10 Years' as never }).workExperience).toBe(
      'Work Experience is required',
    );
  });
});

describe('trimConfirmationForm', () => {
  it('trims the free-text fields', () => {
    expect(trimConfirmationForm({ ...valid, email: ' a@b.example ', fullName: ' Ada ', social: ' x ' })).toMatchObject({
      email: 'a@b.example',
      fullName: 'Ada',
      social: 'x',
    });
  });
});
