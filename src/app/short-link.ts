/**
 * Short class links: the whole query of a class link, deflated into the fragment
 * (`…/#c1.<base64url>`), so a link fits a QR code and a slide. The fragment never reaches a server
 * and needs no link service; opened-link.ts expands it before anything reads the query, so a short
 * link opens exactly what the long one opens, and long links keep working unchanged.
 *
 * The deflate stream is primed with a preset dictionary: a typical class link's query, so what a
 * link shares with it costs a few bytes (the default link: about 60 characters of payload instead
 * of about 500). Decoding needs the very same bytes, so `DICTIONARY_V1` is frozen: a different
 * dictionary is a new version (`c2.`), and `c1.` keeps decoding with this one forever
 * (tests/app/short-link.test.ts pins a link made with it).
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

/** Version 1's preset dictionary. Never edit: links made with it decode only with these bytes. */
const DICTIONARY_V1 = strToU8(
  'view=lab&hide=config,backend,step,curves&tour=0&text=0&autoplay=1&embed=group&presentation=1&preset=&iteration=&task=&trajectory=' +
  '&v=1&env=household-v0&taskType=pick_and_place_simple&split=seen&envSize=default&reward=outcome&seed=1&iterations=150' +
  '&sftEpisodes=0&scheduleHorizon=default&groupSize=8&tasksPerIteration=8&maxTurns=default&historyLength=2&lr=0.003' +
  '&clipLow=0.2&clipHigh=0.2&clipRatioC=3&klCoef=0.01&klType=k3&entropyCoef=0.001&aggMode=token-mean&miniBatches=4' +
  '&epochs=1&decoding=constrained&maxThinkTokens=8&maxResponseTokens=32&formatPenalty=0.1&temperature=1&valueCoef=0.5' +
  '&hidden=128&hashBuckets=1024&threads=default&estimators=grpo%2Cplanpo&slack=2&backend=auto&recorded=classroom',
);

/** The fragment prefix of a version-1 short link. */
export const SHORT_PREFIX = '#c1.';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment (with `#`) that carries `search` (a `?…` query, or one without `?`). */
export function shortFragment(search: string): string {
  const query = search.replace(/^\?/, '');
  return `${SHORT_PREFIX}${toBase64Url(deflateSync(strToU8(query), { level: 9, dictionary: DICTIONARY_V1 }))}`;
}

export type Expanded = { search: string; hash: string } | { problem: string } | null;

/**
 * A short link's fragment → the query it carries (`?…`) and the fragment that names its view
 * (`#<view>`, from the query's `view=`; `#lab` without one). Null for any other fragment; a
 * `problem` for a short fragment that does not decode (a link cut short, say).
 */
export function expandFragment(hash: string): Expanded {
  if (!hash.startsWith(SHORT_PREFIX)) return null;
  const payload = hash.slice(SHORT_PREFIX.length);
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(payload)) throw new Error('not base64url');
    const query = strFromU8(inflateSync(fromBase64Url(payload), { dictionary: DICTIONARY_V1 }));
    const view = new URLSearchParams(query).get('view');
    return { search: query === '' ? '' : `?${query}`, hash: `#${view !== null && /^[a-z]+$/.test(view) ? view : 'lab'}` };
  } catch (error) {
    return { problem: `short link: the part after ${SHORT_PREFIX} does not decode (${error instanceof Error ? error.message : String(error)}); opened without it` };
  }
}
