import type { CliCommand } from '../command';
import { advantagesCommand } from './advantages';
import { envCommand } from './env';
import { trainCommand } from './train';
import { experimentCommand } from './experiment';
import { evalCommand } from './eval';
import { schemaCommand } from './schema';
import { samplesCommand } from './samples';
import { convertCommand } from './convert';
import { summaryCommand } from './summary';
import { recordClassroomCommand } from './record-classroom';
import { bestOfNCommand } from './best-of-n';
import { brittlenessCommand } from './brittleness';
import { rewardConceptCommands, valueFunctionCommand } from './reward-concepts';

/** Every CLI command, in the order `--help` lists them. Add one import + one entry per command. */
export const COMMANDS: CliCommand[] = [
  advantagesCommand,
  convertCommand,
  summaryCommand,
  envCommand,
  trainCommand,
  experimentCommand,
  evalCommand,
  schemaCommand,
  samplesCommand,
  recordClassroomCommand,
  bestOfNCommand,
  ...rewardConceptCommands,
  valueFunctionCommand,
  brittlenessCommand,
];
