import { z } from '../zod.ts';

/** `GET /api/privacy-notice/:testId`: the facts the landing page's privacy notice is made from. */
export const privacyFactsSchema = z.object({
  companyName: z.string(),
  companyUrl: z.string(),
  roleName: z.string(),
  retentionDays: z.number().int(),
  /** Whether the server sends email (`SMTP_URL` is set); without it each message stays a file on the server. */
  emailsSent: z.boolean(),
});
export type PrivacyFacts = z.infer<typeof privacyFactsSchema>;

export interface PrivacyNoticePart {
  heading: string;
  paragraphs: string[];
}

/**
 * The short privacy notice the landing page links, made from the company's settings (SPEC section
 * 0: what the candidate is told is what happens): what is collected, who sees what, how long it is
 * kept, and how to have it erased.
 */
export function privacyNotice({ companyName, roleName, retentionDays, emailsSent }: PrivacyFacts): PrivacyNoticePart[] {
  return [
    {
      heading: 'What is collected',
      paragraphs: [
        `For the ${roleName} assessment of ${companyName}: the details you confirm on the form (email, full name, work experience, social link), your answers to the questions, your video introduction, your feedback, and facts about your device and browser.`,
        'While you answer the questions, switches to other tabs or windows and pastes into your answers are recorded. Your camera records only while you record your introduction.',
        'If you were sent a personal invitation, when you first and last opened its link before you registered is kept too, and counted only together with other candidates.',
        'If you answer the optional gender question, your answer is kept apart from everything else.',
      ],
    },
    {
      heading: 'Who sees what',
      paragraphs: [
        `The people of ${companyName} who review the assessment see your details, answers, video, recorded signals and feedback. Every time one of them opens your submission, plays your video, downloads it, changes your personal invitation, or sees you in their list of candidates, your personal invitation in their list of invitations, your email address in their list of messages sent or your name in their access log (each counted once in ten minutes), the time and their role are recorded, and you can see them at the end of the assessment: those made before you start as well.`,
        `They may give your submission a stage (such as advance or decline) and write notes about it for each other; these are kept with your submission and erased with it, and each such change is listed with the looks.`,
        'Your gender answer is never shown to them or used in hiring decisions: it is only counted together with other candidates’ answers, and groups of fewer than 5 are never shown.',
        emailsSent
          ? `When you finish, an email to the address you confirm lists what ${companyName} received and when. A personal invitation also comes by email. Our record of these emails is erased with the rest.`
          : `This service sends no email: the messages about you (a personal invitation, and what ${companyName} received when you finish) are only kept on the server, and erased with the rest.`,
      ],
    },
    {
      heading: 'How long it is kept',
      paragraphs: [
        `Everything is erased ${retentionDays} days after you start the assessment. Only anonymous counts remain.`,
        `A personal invitation that is never used is erased ${retentionDays} days after it expires or is withdrawn, with the emails about it and the record of looks at it.`,
      ],
    },
    {
      heading: 'Your copy, and erasure',
      paragraphs: [
        'At the end of the assessment you can download a copy of what you submitted, what was recorded while you took the assessment, the details of your personal invitation and every look at your data. The hiring team’s own review of your submission (its stage, ratings and notes) is not in it.',
        `You can ask ${companyName} to erase your data at any time; it must be done within a month. Once erased, your invitation link says so.`,
      ],
    },
  ];
}
