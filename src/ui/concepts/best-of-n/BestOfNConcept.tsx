import { parseSearchResults } from '../../../core/search/results'; // not the barrel: it re-exports the tfjs trainer
import { conceptResultsFile, useShipped } from '../shipped';
import { BrowserRun } from './BrowserRun';
import { SearchFigures } from './SearchFigures';
import { ShippedSection } from '../ShippedSection';

/** Test-time search vs training: the CLI's measured study, then the same study run here. */
export function BestOfNConcept() {
  const shipped = useShipped('best-of-n', conceptResultsFile('best-of-n'), parseSearchResults);
  const data = shipped.data;
  return (
    <div className="concept-body">
      <ShippedSection id="bon" status={shipped.status} error={shipped.error} ready={Boolean(data)}>
        {data && (
          <>
            <p className="concept-provenance" data-testid="concept-provenance">
              Produced by <code>{data.provenance.command}</code> at commit {data.provenance.commit ?? 'unknown'} on {data.provenance.date}.
            </p>
            <SearchFigures results={data} source="CLI run" />
          </>
        )}
      </ShippedSection>
      <BrowserRun />
    </div>
  );
}
