/** One test as the candidate and the API see it, after the loader has normalized the raw data. */
export interface TestDefinition {
  /** Invitation identifier: 8 lowercase letters or digits. */
  uuid: string;
  /** Company-role slug, e.g. `lumenvault-growth-marketing-manager`. */
  testName: string;
  companyName: string;
  roleName: string;
  questionCount: number;
  /** Always a number after loading, even where the raw data holds a string. */
  testDurationInMinute: number;
  companyURL: string;
  timeLimitInMinute: number;
  recordTimeInSeconds: number;
  /** Paths of the sections, in the order of the section registry: quiz, vintro, iprep. */
  redirectURL: string[];
  responsibilities: string[];
  keyrequirements: string[];
  /** Each question: the numbered main question (its title), then 1 to 3 bulleted sub-prompts. */
  questions: string[][];
  /** When true the confirmation form requires the optional gender field. */
  requireGender?: boolean;
}
