// The schema documents, bundled into dist/ so the CLI and the Action need no files beside them.
import captureManifestSchema from '../../schemas/capture-manifest.schema.json' with { type: 'json' };
import cliErrorSchema from '../../schemas/cli-error.schema.json' with { type: 'json' };
import companionSchema from '../../schemas/companion.schema.json' with { type: 'json' };
import configSchema from '../../schemas/config.schema.json' with { type: 'json' };
import eventSchema from '../../schemas/event.schema.json' with { type: 'json' };
import graphSchema from '../../schemas/graph.schema.json' with { type: 'json' };
import planSchema from '../../schemas/plan.schema.json' with { type: 'json' };
import judgeOutputSchema from '../../schemas/judge-output.schema.json' with { type: 'json' };
import recordSchema from '../../schemas/record.schema.json' with { type: 'json' };
import recordPackSchema from '../../schemas/record-pack.schema.json' with { type: 'json' };
import reportSchema from '../../schemas/report.schema.json' with { type: 'json' };

export const schemaDocuments = {
  graph: graphSchema,
  config: configSchema,
  companion: companionSchema,
  judgeOutput: judgeOutputSchema,
  record: recordSchema,
  recordPack: recordPackSchema,
  report: reportSchema,
  event: eventSchema,
  plan: planSchema,
  captureManifest: captureManifestSchema,
  cliError: cliErrorSchema,
} as const;

export type SchemaName = keyof typeof schemaDocuments;
