import type { TestDefinition } from '../catalogue/types.ts';

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
