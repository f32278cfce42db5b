import type { ReviewerRole } from '@assessment/core';
import type { ComponentType } from 'react';
import { StageReasonsSetting } from '../../features/decisions/components/StageReasonsSetting.tsx';
import { DeliveryLog } from '../../features/deliveries/components/DeliveryLog.tsx';
import { ReminderSetting } from '../../features/deliveries/components/ReminderSetting.tsx';
import { WebhookSetting } from '../../features/deliveries/components/WebhookSetting.tsx';
import { GreenhouseKeys } from '../../features/greenhouse/components/GreenhouseKeys.tsx';
import { AccessLog } from '../../features/privacy/components/AccessLog.tsx';
import { RetentionSetting } from '../../features/privacy/components/RetentionSetting.tsx';
import { TeamPanel } from '../../features/team/components/TeamPanel.tsx';
import { TwoFactorPanel } from '../../features/two-factor/components/TwoFactorPanel.tsx';
import { TwoFactorRequirement } from '../../features/two-factor/components/TwoFactorRequirement.tsx';

/** One page of the company's settings: one subject, at `/settings/<path>`. */
export interface SettingsPage {
  path: string;
  title: string;
  /** What the page holds, as the settings' index lists it. */
  summary: string;
  /** Shown to the company's admins only: a reviewer's list does not name it. */
  adminOnly?: boolean;
  /** The panels, as they are, in the order shown: a new panel of a subject is one more entry here. */
  panels: readonly ComponentType[];
}

/**
 * The company's settings, one page per subject, in the order the settings' navigation lists them.
 * Each panel keeps its own heading, its own loads and its own admin check; a page only says where
 * it is mounted.
 */
export const SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    path: 'team',
    title: 'Team',
    summary: 'Who can sign in, and adding, resetting and removing teammates.',
    adminOnly: true,
    panels: [TeamPanel],
  },
  {
    path: 'two-factor',
    title: 'Two-factor sign-in',
    summary: 'A code from an app after your password, and whether everyone must use one.',
    panels: [TwoFactorPanel, TwoFactorRequirement],
  },
  {
    path: 'stage-reasons',
    title: 'Stage reasons',
    summary: 'The reasons a reviewer chooses from when moving a candidate to a stage.',
    panels: [StageReasonsSetting],
  },
  {
    path: 'emails',
    title: 'Emails and webhooks',
    summary:
      "What was sent in the company's name and how it went, and where your applicant-tracking system hears of it.",
    panels: [DeliveryLog, WebhookSetting],
  },
  {
    path: 'greenhouse',
    title: 'Greenhouse',
    summary: 'The addresses and keys that let Greenhouse send your tests and read their results.',
    adminOnly: true,
    panels: [GreenhouseKeys],
  },
  {
    path: 'reminders',
    title: 'Reminders',
    summary: 'Whether candidates who have not started are reminded before their link expires.',
    panels: [ReminderSetting],
  },
  {
    path: 'retention',
    title: 'Data retention',
    summary: "How long candidates' data is kept before it is erased.",
    panels: [RetentionSetting],
  },
  {
    path: 'access-log',
    title: 'Access log',
    summary: 'Every look at a candidate by the company: who, when and what.',
    adminOnly: true,
    panels: [AccessLog],
  },
];

/** The settings pages this reviewer may open: admins see them all. */
export function settingsPagesFor(role: ReviewerRole): readonly SettingsPage[] {
  return role === 'admin' ? SETTINGS_PAGES : SETTINGS_PAGES.filter((page) => !page.adminOnly);
}
