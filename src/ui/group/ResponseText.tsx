import { responseParts } from './response-parts';

/** The response with thought tokens dimmed and the action highlighted; tags (faint) only when asked. */
export function ResponseText({ response, tags = false }: { response: string; tags?: boolean }) {
  const parts = responseParts(response).filter((p) => tags || p.kind !== 'tag');
  return (
    <span className="response">
      {parts.map((p, k) => <span key={k} className={`r-${p.kind}`}>{p.text}</span>)}
    </span>
  );
}
