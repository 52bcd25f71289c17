export {
  formatProblems,
  ROLLOUTS_V1,
  validateRolloutTrajectory,
  type RolloutTrajectoryV1,
  type RolloutTurnV1,
  type SchemaProblem,
  type ValidationResult,
} from './rollouts-v1';
export { readRollouts, type LocatedRecord, type ReadError, type ReadResult } from './read-rollouts';
export {
  outcomeDisagreement,
  outcomeDisagreementNote,
  toRolloutGroups,
  toTrajectorySummary,
  whitespaceTokenCount,
  type ConversionError,
  type ConvertedGroup,
  type MissingTokens,
  type SummaryResult,
  type ToGroupOptions,
} from './to-group';
export { rolloutLines, writeRollouts } from './export/write-rollouts';
export { rolloutTrajectorySchema, describeValue, formatPath, isObject, type RolloutAdvantagesV1, type EstimatorAdvantagesV1 } from './rollouts-v1';
export { rolloutsV1JsonSchema, rolloutsV1JsonSchemaText } from './json-schema';
export * from './import/index';
export { createScorer, estimatorAdvantagesOfV1OrLab, scoreTrajectories, trainingToRollouts, type ScoreOptions, type ScoreResult, type Scorer } from './export/rollouts';
