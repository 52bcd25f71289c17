import { useEffect } from 'react';
import resultsUrl from '../../../../docs/concepts/best-of-n/results.json?url';
import { loadShippedConcept } from '../../../app/concepts-client';
import { parseSearchResults, type SearchResults } from '../../../core/search';
import { useConceptsStore } from '../../../state/concepts-store';
import { BrowserRun } from './BrowserRun';
import { SearchFigures } from './SearchFigures';
import { ShippedSection } from '../ShippedSection';

/** Test-time search vs training: the CLI's measured study, then the same study run here. */
export function BestOfNConcept() {
  const shipped = useConceptsStore((s) => s.shipped['best-of-n']);
  useEffect(() => void loadShippedConcept('best-of-n', resultsUrl, parseSearchResults), []);
  const data = shipped?.data as SearchResults | null | undefined;
  return (
    <div className="concept-body">
      <ShippedSection id="bon" status={shipped?.status} error={shipped?.error} ready={Boolean(data)}>
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
