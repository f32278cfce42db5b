/**
 * What this section must never tell a candidate (README.md, What this is): nothing to run, nothing to fetch
 * or set up, no story about camera software. The scans in the unit and end-to-end tests use these.
 * Letters in brackets (`dri[v]er`) keep this file from matching its own patterns.
 */

/** Strict: not one of these words in the section's own source, nor on any of its screens. */
export const FORBIDDEN_WORDS =
  /\b(?:comm[a]nds?|termin[a]ls?|downlo[a]d\w*|inst[a]ll\w*|dri[v]ers?|power[s]hell|cur[l]|wge[t]|su[d]o|chmo[d]|cmd\.ex[e]|Invoke-WebReque[s]t)\b/i;

/**
 * For the built remote, which also holds library code (where a word such as an HTML attribute
 * name is harmless): phrases that only an instruction to run or fetch something would contain.
 */
export const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /cur[l] |wge[t] |power[s]hell|Invoke-WebReque[s]t|chmo[d] \+x|cmd\.ex[e]|Termin[a]l\.ap[p]|dri[v]er|downlo[a]d (?:the|and) inst[a]ll/i,
  /\b(?:open|launch|start) (?:a |the |your )?(?:termin[a]l|comm[a]nd prompt|power[s]hell)\b/i,
  /\b(?:run|paste|type|enter|execute) (?:this|the following|these) (?:comm[a]nds?|scripts?)\b/i,
  /\bcopy (?:this|the following) (?:into|to) (?:a|the|your) (?:termin[a]l|shell)\b/i,
  /\b(?:msht[a]|rundll3[2]|regsvr3[2]|certuti[l]|bitsadmi[n])\b/i,
];
