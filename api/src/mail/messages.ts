import type { RecordFact } from '@assessment/core';

/**
 * The emails the product sends, as plain text and as simple, accessible HTML (a language, a
 * heading, a real link, no image, no script). Each is in the company's name and, like every
 * screen (SPEC section 0), asks nobody to run or download anything: there is never an attachment.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface InvitationFacts {
  /** A reminder of an invitation nobody has started yet, rather than the invitation itself. */
  reminder: boolean;
  companyName: string;
  roleName: string;
  candidateName: string | null;
  link: string;
  expiresAt: number;
  extraTimePercent: number;
  timeLimitMinutes: number;
}

export interface TeammateFacts {
  companyName: string;
  name: string;
  /** A new teammate's link, or one made when an admin reset their access. */
  purpose: 'invitation' | 'reset';
  link: string;
  expiresAt: number;
}

export interface ReceiptFacts {
  companyName: string;
  roleName: string;
  /** Null when nobody vouches for the name (the open link): the greeting then names nobody. */
  candidateName: string | null;
  facts: RecordFact[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A time as every reader can place it, wherever they are: the server cannot know their zone. Made
 * once: a new `Intl.DateTimeFormat` took 80 µs against 1 µs to format with a kept one, and a
 * crowd's receipts are composed by the thousand on the event loop (`bench/README.md`).
 */
const MAIL_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

export function mailTime(at: number): string {
  return `${MAIL_TIME.format(at)} UTC`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; line-height: 1.5; max-width: 40em">${body}</body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function invitationMail(facts: InvitationFacts): MailContent {
  const greeting = facts.candidateName ? `Hello ${facts.candidateName},` : 'Hello,';
  const invited = facts.reminder
    ? `A reminder: ${facts.companyName} invited you to the assessment for the ${facts.roleName} role, and your link ends on ${mailTime(facts.expiresAt)}. You have not started it yet.`
    : `${facts.companyName} invites you to the assessment for the ${facts.roleName} role.`;
  const time =
    facts.extraTimePercent > 0
      ? `The written quiz has a time limit of ${facts.timeLimitMinutes} minutes, which includes ${facts.extraTimePercent} % extra time given to you.`
      : `The written quiz has a time limit of ${facts.timeLimitMinutes} minutes.`;
  const expiry = `The link works until ${mailTime(facts.expiresAt)}. It is yours alone: please do not share it.`;
  const steps =
    'It opens in your web browser. You confirm your details, answer the written questions, record a short video introduction with your camera (or go on without one if your camera does not work), and tell us how it went.';
  const subject = `${facts.reminder ? 'Reminder: your' : 'Your'} assessment for ${facts.roleName} at ${facts.companyName}`;
  return {
    subject,
    text: [greeting, invited, `Open your assessment: ${facts.link}`, time, steps, expiry, `${facts.companyName}`].join(
      '\n\n',
    ),
    html: page(
      subject,
      [
        paragraph(greeting),
        paragraph(invited),
        `<p><a href="${escapeHtml(facts.link)}">Open your assessment</a></p>`,
        paragraph(time),
        paragraph(steps),
        paragraph(expiry),
        paragraph(facts.companyName),
      ].join(''),
    ),
  };
}

export function receiptMail(facts: ReceiptFacts): MailContent {
  const greeting = facts.candidateName ? `Hello ${facts.candidateName},` : 'Hello,';
  const intro = `You finished the assessment for the ${facts.roleName} role at ${facts.companyName}. This is what ${facts.companyName} received from you, and when:`;
  const subject = `What ${facts.companyName} received from your assessment`;
  const lines = facts.facts.map((fact) => `${fact.label}: ${fact.value}`);
  const closing = 'There is nothing more you need to do.';
  return {
    subject,
    text: [greeting, intro, lines.map((line) => `- ${line}`).join('\n'), closing, facts.companyName].join('\n\n'),
    html: page(
      subject,
      [
        paragraph(greeting),
        paragraph(intro),
        `<ul>${facts.facts.map((fact) => `<li><strong>${escapeHtml(fact.label)}:</strong> ${escapeHtml(fact.value)}</li>`).join('')}</ul>`,
        paragraph(closing),
        paragraph(facts.companyName),
      ].join(''),
    ),
  };
}

/** A teammate's one-time link to set their password on the review page. */
export function teammateMail(facts: TeammateFacts): MailContent {
  const greeting = `Hello ${facts.name},`;
  const why =
    facts.purpose === 'invitation'
      ? `${facts.companyName} added you to its hiring team on the review page, where the team reads and rates its candidates.`
      : `An admin of ${facts.companyName} reset your access to the review page: your old password no longer works.`;
  const step = 'Open the link in your web browser and choose a password. The link works once.';
  const expiry = `It works until ${mailTime(facts.expiresAt)}. After that, ask an admin of ${facts.companyName} for a new one.`;
  const subject =
    facts.purpose === 'invitation'
      ? `Set your password for ${facts.companyName}'s review page`
      : `Set a new password for ${facts.companyName}'s review page`;
  return {
    subject,
    text: [greeting, why, `Set your password: ${facts.link}`, step, expiry, facts.companyName].join('\n\n'),
    html: page(
      subject,
      [
        paragraph(greeting),
        paragraph(why),
        `<p><a href="${escapeHtml(facts.link)}">Set your password</a></p>`,
        paragraph(step),
        paragraph(expiry),
        paragraph(facts.companyName),
      ].join(''),
    ),
  };
}

export interface RollbackFacts {
  sectionId: string;
  version: string;
  liveVersion: string;
  figures: string;
  at: number;
}

/**
 * To a section team: a version of theirs on a share of candidates was rolled back by itself. It
 * says what happened and why, in the figures the history keeps; what to do next is the team's.
 */
export function releaseRollbackMail(facts: RollbackFacts): MailContent {
  const subject = `The ${facts.sectionId} section's version ${facts.version} was rolled back`;
  const what = `At ${mailTime(facts.at)}, version ${facts.version} of the ${facts.sectionId} section was taken off its share of new candidates by itself and marked broken: its pages failed more often than the live version's.`;
  const figures = `The figures: ${facts.figures}.`;
  const now = `Every candidate who had it gets the live version, ${facts.liveVersion}, at their next section load; nothing they saved is lost. The release history keeps these figures.`;
  return {
    subject,
    text: [what, figures, now].join('\n\n'),
    html: page(subject, [paragraph(what), paragraph(figures), paragraph(now)].join('')),
  };
}
