import { conceptResultsFile, useShipped } from '../shipped';
import { ShippedSection } from '../ShippedSection';

export const SFT_WARM_START_ID = 'sft-warm-start';

/** One warm-start size: its loss and the success of the policy RL would start from. */
export interface SftSizePoint {
  sftEpisodes: number;
  successRate: number;
  meanTurns: number;
  lossBefore: number | null;
  lossAfter: number | null;
  steps: number;
}

export interface SftWarmStartResults {
  command: string;
  backend: string;
  env: string;
  seed: number;
  evalEpisodes: number;
  evalTemperature: number;
  points: SftSizePoint[];
}

/** docs/concepts/sft-warm-start/results.json (written by measure.ts beside it), checked for its points. */
export function parseSftWarmStart(json: unknown): SftWarmStartResults {
  const r = json as Partial<SftWarmStartResults> | null;
  if (!r || typeof r.command !== 'string' || !Array.isArray(r.points) || !r.points.every((p) => typeof p?.sftEpisodes === 'number' && typeof p.successRate === 'number')) {
    throw new Error('not an SFT warm-start results file');
  }
  return r as SftWarmStartResults;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const loss = (x: number | null) => (x === null ? '–' : x.toFixed(2));

/** The warm start's size against the success it hands to RL (a table of the shipped measurement). */
export function SftWarmStartConcept() {
  const file = useShipped(SFT_WARM_START_ID, conceptResultsFile(SFT_WARM_START_ID), parseSftWarmStart);
  const r = file.data;
  return (
    <ShippedSection id={SFT_WARM_START_ID} status={file.status} error={file.error} ready={r !== null}>
      {r && (
        <div className="reward-concept-table">
          <table aria-label="SFT warm start: size against starting success">
            <caption>{`${r.env}, seed ${r.seed}, every task type: success on ${r.evalEpisodes} fresh tasks at temperature ${r.evalTemperature} (${r.command}, ${r.backend})`}</caption>
            <thead><tr>{['oracle demonstrations', 'Adam steps', '−log π per decision (before → after)', 'success', 'mean turns'].map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
            <tbody>
              {r.points.map((p) => (
                <tr key={p.sftEpisodes}>
                  <td>{p.sftEpisodes === 0 ? '0 (no warm start)' : p.sftEpisodes}</td><td>{p.steps}</td>
                  <td>{p.sftEpisodes === 0 ? '–' : `${loss(p.lossBefore)} → ${loss(p.lossAfter)}`}</td><td>{pct(p.successRate)}</td><td>{p.meanTurns.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ShippedSection>
  );
}
