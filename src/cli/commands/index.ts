/**
 * The operator CLI's command registry: `npm run cli -- <words> [flags]` runs the command whose words
 * match. To add a command, write `commands/<name>.ts` with `defineCommand(...)` and add ONE line here.
 * Order here is the order of the usage text.
 */
import type { CliCommand } from '../command';
import { accountsCreate } from './accounts-create';
import { apiKeysCreate } from './api-keys-create';
import { apiKeysList } from './api-keys-list';
import { apiKeysRevoke } from './api-keys-revoke';
import { flagsSet } from './flags-set';
import { generateOrganisations } from './generate-organisations';
import { importOrganisationsCommand } from './import-organisations';
import { importTransactionsCommand } from './import-transactions';
import { importConcordanceCommand } from './import-concordance';
import { matchCommand } from './match';
import { organisationsReindexCommand } from './organisations-reindex';
import { monitorRunCommand } from './monitor-run';
import { sandboxAdvanceCommand } from './sandbox-advance';
import { sandboxWebhookReceiverCommand } from './sandbox-webhook-receiver';
import { seedDemoCommand } from './seed-demo';
import { usersCreate } from './users-create';
import { validateWebsiteCommand } from './validate-website';

export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  'accounts create': accountsCreate,
  'users create': usersCreate,
  'api-keys create': apiKeysCreate,
  'api-keys list': apiKeysList,
  'api-keys revoke': apiKeysRevoke,
  'flags set': flagsSet,
  'import organisations': importOrganisationsCommand,
  'import transactions': importTransactionsCommand,
  'import concordance': importConcordanceCommand,
  'organisations reindex': organisationsReindexCommand,
  match: matchCommand,
  'monitor run': monitorRunCommand,
  'sandbox advance': sandboxAdvanceCommand,
  'sandbox webhook-receiver': sandboxWebhookReceiverCommand,
  'generate organisations': generateOrganisations,
  'seed demo': seedDemoCommand,
  'validate-website': validateWebsiteCommand,
};
