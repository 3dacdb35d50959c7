import { Command, InvalidArgumentError, Option } from 'commander';
import { createAccount, createKey, revokeKey, rotateWebhookSecret, updateAccount } from '../app/accounts.js';
import { isPlan, PLANS } from '../domain/plans.js';
import { runCaptureClient } from './capture-client.js';
import type { CliHost } from './host.js';

export type { CliHost } from './host.js';

function plan(value: string): (typeof PLANS)[number] {
  const upper = value.toUpperCase();
  if (!isPlan(upper)) throw new InvalidArgumentError(`must be one of ${PLANS.join(', ')}`);
  return upper;
}

function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a whole number ≥ 1');
  return Number(value);
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number ≥ 0');
  return Number(value);
}

/** Collects a repeatable option's values. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function billing(value: string): 'active' | 'lapsed' {
  if (value !== 'active' && value !== 'lapsed') throw new InvalidArgumentError('must be active or lapsed');
  return value;
}

/** The `shots` command line (CONTRACT §1). */
export function buildProgram(host: CliHost, version: string): Command {
  const program = new Command('shots').description('Shots — screenshot capture service').version(version);

  program
    .command('serve')
    .description('API and capture workers in one process')
    .action(() => host.serve({ api: true, worker: true }));
  program
    .command('api')
    .description('only the HTTP API (scale-out)')
    .action(() => host.serve({ api: true, worker: false }));
  program
    .command('worker')
    .description('only the capture worker (scale-out)')
    .action(() => host.serve({ api: false, worker: true }));

  const accounts = program.command('accounts').description('manage accounts');
  accounts
    .command('create')
    .description('create an account and its first API key')
    .requiredOption('--plan <plan>', `one of ${PLANS.join(', ')}`, plan)
    .option('--monthly-quota <n>', 'override the plan monthly quota', positiveInt)
    .option('--rate-limit <n>', 'override the plan requests per minute', positiveInt)
    .option('--name <name>', 'display name')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        plan: (typeof PLANS)[number];
        monthlyQuota?: number;
        rateLimit?: number;
        name?: string;
        json?: boolean;
      }) => {
        const created = await host.withAccounts((deps) => createAccount(deps, opts));
        host.print(
          opts.json
            ? JSON.stringify(created)
            : `account ${created.accountId} (${created.plan})\nAPI key:        ${created.apiKey}\nwebhook secret: ${created.webhookSecret}\nKeep both: they are not shown again.`,
        );
      },
    );
  accounts
    .command('update')
    .argument('<accountId>')
    .description('change plan, billing status or limits')
    .option('--plan <plan>', `one of ${PLANS.join(', ')}`, plan)
    .addOption(new Option('--billing <status>', 'active or lapsed').argParser(billing))
    .option('--monthly-quota <n>', 'override the plan monthly quota', positiveInt)
    .option('--rate-limit <n>', 'override the plan requests per minute', positiveInt)
    .option('--json', 'print JSON')
    .action(
      async (
        accountId: string,
        opts: {
          plan?: (typeof PLANS)[number];
          billing?: 'active' | 'lapsed';
          monthlyQuota?: number;
          rateLimit?: number;
          json?: boolean;
        },
      ) => {
        const account = await host.withAccounts((deps) => updateAccount(deps, accountId, opts));
        host.print(
          opts.json
            ? JSON.stringify(account)
            : `account ${account.id}: plan ${account.plan}, billing ${account.billing}`,
        );
      },
    );

  accounts
    .command('rotate-webhook-secret')
    .argument('<accountId>')
    .description(
      'issue a new webhook signing secret; the old one keeps signing during the overlap (default 24 hours)',
    )
    .option('--overlap-hours <n>', 'hours both secrets sign (0: the old one stops at once)', wholeNumber, 24)
    .option('--json', 'print JSON')
    .action(async (accountId: string, opts: { overlapHours: number; json?: boolean }) => {
      const rotated = await host.withAccounts((deps) =>
        rotateWebhookSecret(deps, accountId, { overlapSeconds: opts.overlapHours * 3600 }),
      );
      host.print(
        opts.json
          ? JSON.stringify(rotated)
          : `account ${rotated.accountId}\nnew webhook secret: ${rotated.webhookSecret}\n` +
              `Keep it: it is not shown again. Until ${rotated.previousSecretsExpireAt} webhooks carry a signature with the old secret too.`,
      );
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .argument('<accountId>')
    .option('--json', 'print JSON')
    .action(async (accountId: string, opts: { json?: boolean }) => {
      const key = await host.withAccounts((deps) => createKey(deps, accountId));
      host.print(opts.json ? JSON.stringify(key) : `key ${key.keyId}\nAPI key: ${key.apiKey}`);
    });
  keys
    .command('revoke')
    .argument('<keyId>')
    .action(async (keyId: string) => {
      await host.withAccounts((deps) => revokeKey(deps, keyId));
      host.print(`revoked ${keyId}`);
    });

  program
    .command('capture')
    .argument('<url>')
    .description('capture a page through a running Shots service and save the result')
    .requiredOption('-o, --output <file>', 'where to write the result')
    .option('--server <url>', 'base URL of the service', 'http://127.0.0.1:8080')
    .option('--api-key <key>', 'API key (default: $SHOTS_API_KEY)')
    .option('--format <format>', 'png, jpeg, webp or pdf')
    .option('--width <px>', 'viewport width', positiveInt)
    .option('--height <px>', 'viewport height', positiveInt)
    .option('--full-page', 'capture the full page')
    .option('--element <selector>', 'CSS selector to crop to')
    .option('--description <text>', 'describe the element to crop to')
    .option('--bypass-cache', 'capture afresh')
    .option('--video-duration <seconds>', 'record a scrolling mp4 of this many seconds', positiveInt)
    .option('--video-fps <n>', 'frames per second of the video (default 24)', positiveInt)
    .option('--scale <factor>', 'deviceScaleFactor, 1 to 3 (2: twice the pixels)', Number)
    .option('--device <name>', 'a device preset of GET /devices, e.g. "iPhone 13"')
    .option('--dark', 'prefers-color-scheme: dark')
    .option('--wait-for <selector>', 'capture once this selector matches a visible element')
    .option('--delay <ms>', 'extra wait after the page is ready, ms', wholeNumber)
    .option('--hide <selector>', 'hide matching elements (repeatable)', collect, [])
    .option('--css-file <file>', 'a style sheet to add to the page')
    .option('--js-file <file>', 'a script to run in the page before the capture')
    .option(
      '--header <header>',
      'an extra request header "Name: value" for the target (repeatable)',
      collect,
      [],
    )
    .option('--cookie <cookie>', 'a cookie "name=value" for the target (repeatable)', collect, [])
    .option('--user-agent <ua>', 'the User-Agent to present')
    .option('--transparent', 'png/webp with a transparent background (omitBackground)')
    .option('--quality <n>', 'jpeg/webp quality, 1 to 100', positiveInt)
    .option('--pdf-paper <format>', 'a paginated PDF on this paper: A3, A4, A5, Letter, Legal, Tabloid')
    .option('--options <json>', 'more request fields as a JSON object, e.g. \'{"darkMode":true}\'')
    .option('--idempotency-key <key>', 'Idempotency-Key of the submission (default: a random one)')
    .option('--timeout <seconds>', 'give up waiting after this long', positiveInt, 120)
    .action((url: string, opts: Parameters<typeof runCaptureClient>[1]) => runCaptureClient(url, opts, host));

  return program;
}
