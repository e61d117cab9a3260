// The subset of SARIF 2.1.0 (OASIS; schemastore's sarif-2.1.0.json) that DoG writes.
export type SarifLevel = 'error' | 'warning' | 'note';

export type SarifMessage = { text: string };

export type SarifPhysicalLocation = {
  artifactLocation: { uri: string };
  region?: { startLine: number };
};

export type SarifLocation = { physicalLocation: SarifPhysicalLocation; message?: SarifMessage };

export type SarifResult = {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: SarifLocation[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
};

export type SarifRule = {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[] } & Record<string, unknown>;
};

export type SarifToolComponent = {
  name: string;
  version?: string;
  informationUri?: string;
  rules?: SarifRule[];
  properties?: Record<string, unknown>;
};

export type SarifNotification = { level: 'warning' | 'note'; message: SarifMessage };

export type SarifRun = {
  tool: { driver: SarifToolComponent; extensions?: SarifToolComponent[] };
  automationDetails: { id: string };
  invocations: {
    executionSuccessful: boolean;
    startTimeUtc?: string;
    endTimeUtc?: string;
    toolExecutionNotifications?: SarifNotification[];
  }[];
  results: SarifResult[];
  properties: Record<string, unknown>;
};

export type SarifLog = {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
};

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
