/**
 * Bad share links and, for each, the messages the page must show (a pattern per message) and what
 * the corrected link in the address bar holds. tests/app/bad-links.test.ts checks every one through
 * parseShareLink and shareSearch (what the page calls); tests/browser/links.test.ts opens those
 * marked `inPage` in Chromium, one of each kind of path through the page.
 */
export interface BadLink {
  query: string;
  shown: RegExp[];
  corrected: Record<string, string | null>;
  /** Opened in the browser test too. */
  inPage?: true;
}

export const BAD_LINKS: BadLink[] = [
  // a value the start-up backend choice reads
  { query: '?seed=2&backend=webgl', shown: [/backend: unknown "webgl".*using auto/], corrected: { seed: '2', backend: 'auto' }, inPage: true },
  { query: '?seed=3&seed=4&groupSize=2', shown: [/seed: given 2 times \("3", "4"\); using the first, "3"/], corrected: { seed: '3', groupSize: '2' } },
  { query: '?v=7&estimator=rloo&seed=5', shown: [/v: unknown link version "7"/, /"estimator": not a link setting \(did you mean estimators\?\)/], corrected: { v: '1', seed: '5' } },
  { query: '?estimators=grpo,planpo,rloo,ppo,gigpo', shown: [/estimators: 5 given, at most 4.*using grpo, planpo, rloo, ppo/], corrected: { estimators: 'grpo,planpo,rloo,ppo' } },
  // two messages in one alert
  { query: '?env=shop-v0&envSize=3&groupSize=0', shown: [/envSize: 3 is outside shop-v0's size range/, /groupSize: expected an integer in 1\.\.64, got 0/], corrected: { env: 'shop-v0', envSize: 'default', groupSize: '8' }, inPage: true },
  // a 12,000-character value: the message cuts it, the address bar stays short
  { query: `?seed=${'9'.repeat(12_000)}&hidden=16`, shown: [/seed: .*… \(12,000 characters\)/], corrected: { seed: '1', hidden: '16' }, inPage: true },
  // malformed escapes (tfjs-core decodes the page's query at import: this was a white page)
  { query: '?groupSize=3&x=%ZZ', shown: [/"x": not a valid URL escape, ignored/], corrected: { groupSize: '3', x: null } },
  { query: '?groupSize=2&seed=%E0%A4%A', shown: [/"seed": not a valid URL escape, ignored/], corrected: { groupSize: '2', seed: '1' }, inPage: true },
  // α is PlanPO's own parameter: an older link's alphaInit= that disagrees with planpo.alphaInit is named
  {
    query: '?estimators=grpo,planpo&alphaInit=0.1&planpo.alphaInit=0.3',
    shown: [/alphaInit = 0\.1 conflicts with planpo\.alphaInit = 0\.3: using planpo\.alphaInit = 0\.3/],
    corrected: { 'planpo.alphaInit': '0.3', alphaInit: null },
  },
];
