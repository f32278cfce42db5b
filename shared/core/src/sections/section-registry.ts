import type { TestDefinition } from '../catalogue/types.ts';
import type { z } from '../zod.ts';

/** A value a reviewer reads and the export writes: text, a number, yes or no, or nothing. */
export type SectionFieldValue = string | number | boolean | null;

/**
 * What a section keeps on the server, end to end: the API checks and stores what its remote sends
 * (`POST /api/sections/<id>/record`, the newest record per session), and the reviewer's page, the
 * admin API, the candidate's own copy and the export show it as these fields. No store, migration,
 * review schema or export changes for it; erasure and retention reach it with the session.
 */
export interface SectionRecordPart<Record = unknown> {
  /** What the section's remote sends; anything else is refused with 400 and nothing is stored. */
  schema: z.ZodType<Record>;
  /** What a reviewer reads, in order. Fixed, so that every row of the export has the same columns. */
  fields: readonly { key: string; label: string }[];
  /** The stored record's value of each field, by key; a key it leaves out reads as nothing. */
  read(record: Record): { readonly [key: string]: SectionFieldValue };
}

/** Types a section's record part by its schema, so `read` is checked against what is stored. */
export function defineSectionRecord<Record>(part: SectionRecordPart<Record>): SectionRecordPart {
  return part as SectionRecordPart;
}

/**
 * One section of the assessment, as every other part needs to know it. Everything else about a
 * section (its screens, its state, its wording) belongs to its remote.
 */
export interface SectionDefinition {
  /** Stable name in code and deploys: the remote lives in `remote-<id>/`, published under `/remotes/<id>/`. */
  id: string;
  /** The route: `/invite/:testId/<segment>`. */
  segment: string;
  /** Place in the assessment, from 1; decides which section comes next. */
  order: number;
  /** The name the candidate reads, e.g. in the landing page's list of sections. */
  title: string;
  /** One line for that list: what the candidate does in this section. */
  summary: (test: TestDefinition) => string;
  /**
   * Session flags (storage keys of the section's own state), any of which true means the candidate
   * has finished this section. The section after it may wait for them without knowing the section.
   */
  finishedWhen?: readonly string[];
  /** What the section keeps on the server, if it keeps anything of its own. */
  record?: SectionRecordPart;
  /** The federated remote that shows the section. */
  remote: {
    /** Federation name (a JavaScript identifier), the key of `remotes.json`. */
    name: string;
    /** The module it exposes for the shell, e.g. `./Section`. */
    exposes: string;
  };
}

/** The sections of an assessment, in order, and the questions the other parts ask about them. */
export interface SectionRegistry<Section extends SectionDefinition = SectionDefinition> {
  /** In the order a candidate takes them. */
  readonly sections: readonly Section[];
  readonly first: Section;
  byId(id: string): Section | undefined;
  bySegment(segment: string): Section | undefined;
  /** The section after this one, or undefined after the last. */
  next(section: Section): Section | undefined;
  /** The section before this one, or undefined before the first. */
  previous(section: Section): Section | undefined;
}

const NAME = /^[a-z][a-z0-9-]*$/;
const FEDERATION_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function checkSection(section: SectionDefinition): void {
  const where = `Section "${section.id}"`;
  if (!NAME.test(section.id)) throw new Error(`${where}: id must be lowercase letters, digits and "-"`);
  if (!NAME.test(section.segment) || section.segment === 'landing') {
    throw new Error(`${where}: segment must be lowercase letters, digits and "-", and not "landing"`);
  }
  if (!Number.isInteger(section.order) || section.order < 1) throw new Error(`${where}: order must be 1 or more`);
  if (section.title.trim() === '') throw new Error(`${where}: title must not be empty`);
  if (!FEDERATION_NAME.test(section.remote.name)) {
    throw new Error(`${where}: remote name must be a JavaScript identifier`);
  }
  if (!/^\.\/[A-Za-z0-9_-]+$/.test(section.remote.exposes)) {
    throw new Error(`${where}: remote exposes must look like "./Section"`);
  }
  const fields = section.record?.fields ?? [];
  for (const field of fields) {
    if (!NAME.test(field.key)) throw new Error(`${where}: record field key must be lowercase letters, digits and "-"`);
    if (field.label.trim() === '') throw new Error(`${where}: record field "${field.key}" needs a label`);
  }
  if (new Set(fields.map((field) => field.key)).size !== fields.length) {
    throw new Error(`${where}: two record fields share a key`);
  }
}

function checkUnique(sections: readonly SectionDefinition[], what: string, of: (s: SectionDefinition) => unknown) {
  const seen = new Set<unknown>();
  for (const section of sections) {
    const value = of(section);
    if (seen.has(value)) throw new Error(`Two sections share the ${what} ${JSON.stringify(value)}`);
    seen.add(value);
  }
}

/** Checks the entries (names, routes and remotes must be unique) and orders them. */
export function defineSectionRegistry<const Section extends SectionDefinition>(
  entries: readonly Section[],
): SectionRegistry<Section> {
  const sections = [...entries].sort((a, b) => a.order - b.order);
  const [first] = sections;
  if (first === undefined) throw new Error('An assessment needs at least one section');
  for (const section of sections) checkSection(section);
  checkUnique(sections, 'id', (s) => s.id);
  checkUnique(sections, 'segment', (s) => s.segment);
  checkUnique(sections, 'order', (s) => s.order);
  checkUnique(sections, 'remote name', (s) => s.remote.name);

  const at = (section: Section, step: number) => {
    const index = sections.indexOf(section);
    return index < 0 ? undefined : sections[index + step];
  };
  return {
    sections,
    first,
    byId: (id) => sections.find((section) => section.id === id),
    bySegment: (segment) => sections.find((section) => section.segment === segment),
    next: (section) => at(section, 1),
    previous: (section) => at(section, -1),
  };
}

/** `remoteQuiz/Section`: what the shell asks the federation runtime for. */
export function remoteModuleId(section: SectionDefinition): string {
  return `${section.remote.name}/${section.remote.exposes.slice(2)}`;
}
