/**
 * Splits a response `<think>θ…</think><action>w…</action>` into tagged parts, so the view can dim
 * the thought tokens and highlight the action. Text outside the tags (free decoding) is 'other'.
 */
export type PartKind = 'tag' | 'thought' | 'action' | 'other';

export interface ResponsePart {
  kind: PartKind;
  text: string;
}

const TAG = /<\/?(think|action)>/g;

export function responseParts(response: string): ResponsePart[] {
  const parts: ResponsePart[] = [];
  let inside: 'think' | 'action' | null = null;
  let last = 0;
  const push = (kind: PartKind, text: string) => {
    if (text.length > 0) parts.push({ kind, text });
  };
  const textKind = (): PartKind => (inside === 'think' ? 'thought' : inside === 'action' ? 'action' : 'other');
  for (const m of response.matchAll(TAG)) {
    push(textKind(), response.slice(last, m.index));
    push('tag', m[0]);
    const closing = m[0].startsWith('</');
    inside = closing ? null : (m[1] as 'think' | 'action');
    last = m.index + m[0].length;
  }
  push(textKind(), response.slice(last));
  return parts;
}

/** Number of thought words in a response. */
export function thoughtCount(response: string): number {
  return responseParts(response)
    .filter((p) => p.kind === 'thought')
    .reduce((n, p) => n + p.text.trim().split(/\s+/).filter(Boolean).length, 0);
}
