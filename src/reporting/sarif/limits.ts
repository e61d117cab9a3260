// What GitHub's code scanning accepts of a SARIF upload ("SARIF support for code scanning" and
// "SARIF results exceed limits" in GitHub's documentation). An upload over a hard limit is
// rejected whole, so the builder cuts to these and says so in the run.
export type SarifLimits = {
  /** The gzip-compressed file: "10 MB" (read as 10,000,000 bytes, the smaller reading). */
  gzipBytes: number;
  resultsPerRun: number;
  rulesPerRun: number;
  /** `tool.extensions` per run. */
  extensionsPerRun: number;
  locationsPerResult: number;
  tagsPerRule: number;
  /** `reportingDescriptor.name`. */
  ruleNameChars: number;
  /** `shortDescription.text` and `fullDescription.text` of a rule. */
  descriptionChars: number;
  /**
   * `message.text` of a result. GitHub documents no limit; this one is DoG's, so one goal's
   * long reason cannot crowd others out of the file.
   */
  messageChars: number;
};

export const GITHUB_SARIF_LIMITS: SarifLimits = {
  gzipBytes: 10_000_000,
  resultsPerRun: 25_000,
  rulesPerRun: 25_000,
  extensionsPerRun: 100,
  locationsPerResult: 1_000,
  tagsPerRule: 20,
  ruleNameChars: 255,
  descriptionChars: 1_024,
  messageChars: 4_096,
};

/** Plain text cut to `max` UTF-16 units (how GitHub counts), never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
